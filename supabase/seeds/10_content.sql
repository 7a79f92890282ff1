-- Seed: content for the public content pages (blogs, careers, events, knowledge base, the
-- seed-sowing guide and timeline, offers, the pledge and good-vibes projects). Runs after
-- seed.sql: the rows it made are given their full text here, and more are added so every list
-- has something to page, filter or search. Local and demo data only.

-- A stored rich-text document (ProseMirror JSON) from short blocks: "## " starts a heading,
-- lines starting "- " make a bullet list, anything else is a paragraph.
create function pg_temp.doc(variadic blocks text[])
returns jsonb
language plpgsql
as $$
declare
  b text;
  line text;
  items jsonb;
  out jsonb := '[]';
begin
  foreach b in array blocks loop
    if b like '## %' then
      out := out || jsonb_build_array(jsonb_build_object('type', 'heading', 'attrs', jsonb_build_object('level', 2),
        'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', substr(b, 4)))));
    elsif b like '- %' then
      items := '[]';
      foreach line in array string_to_array(b, E'\n') loop
        items := items || jsonb_build_array(jsonb_build_object('type', 'list_item', 'content', jsonb_build_array(
          jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', substr(line, 3)))))));
      end loop;
      out := out || jsonb_build_array(jsonb_build_object('type', 'bullet_list', 'content', items));
    else
      out := out || jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', b))));
    end if;
  end loop;
  return jsonb_build_object('type', 'doc', 'content', out);
end;
$$;

-- ============================================================================
-- blogs: eleven published (two pages of six), one draft
-- ============================================================================
update public.blogs set cover_image = '/images/content/seedlings.svg', body = pg_temp.doc(
  'Your first season on an allotment is exciting and a little daunting. The good news: you do not need to fill every bed in April.',
  '## Start with the easy wins',
  E'- Salad leaves: sow a short row every two weeks\n- Dwarf French beans: quick, heavy cropping and no climbing frame\n- Courgettes: two plants will feed a family all summer',
  '## Leave these for next year',
  'Asparagus, fruit bushes and rhubarb are worth it, but they need a year to settle in. Mark out where they will go and cover that ground with cardboard for now.',
  'Come and find your patch manager on a Saturday morning: they know what grows well on your site.')
where slug = 'first-season-guide';

update public.blogs set body = pg_temp.doc(
  'Every Roots site is run no-dig. Instead of turning the soil each spring, we spread compost on top and let worms and fungi do the work.',
  '## Why it works',
  E'- Fewer weeds: buried seeds stay buried\n- Better structure: soil life is left undisturbed\n- Less work: no back-breaking digging in March',
  'Ask at your site for a compost delivery: every plot gets one free load each autumn.')
where slug = 'no-dig-beds';

insert into public.blogs (slug, title, excerpt, body, cover_image, author, published, published_at) values
  ('sowing-tomatoes-indoors', 'Sowing tomatoes on a windowsill', 'A warm sill in March is all you need for strong plants by May.',
   pg_temp.doc('Tomatoes need warmth to germinate: 18 to 21°C. A bright windowsill above a radiator is ideal.',
     '## Step by step',
     E'- Fill small pots with seed compost and water them first\n- Sow two seeds per pot, 5 mm deep\n- Keep the compost moist, not wet\n- Pull out the weaker seedling once both are up',
     'Plant out at the end of May, once the nights stay above 10°C.'),
   '/images/content/tomatoes.svg', 'Alex Green', true, now() - interval '2 days'),
  ('water-wise-plots', 'Water-wise plots for hot summers', 'Mulch, water deeply, and let the roots go looking.',
   pg_temp.doc('Last summer several sites went weeks without rain. These habits kept plots green.',
     E'- Water in the evening, at the roots, and thoroughly\n- Mulch with compost or straw after a good soak\n- Use the water butts first: every site has at least four',
     'A deep soak twice a week beats a sprinkle every day.'),
   null, 'Priya Roots', true, now() - interval '5 days'),
  ('meet-the-patch-managers', 'Meet the patch managers', 'The people who keep every Roots site growing.',
   pg_temp.doc('Each site has a patch manager: your first contact for plots, tools, water and neighbours.',
     'This month we visited Bowshaw Views in Sheffield and Providence Pastures in Leeds to hear what a week looks like.'),
   '/images/content/community.svg', 'Fiona Founder', true, now() - interval '7 days'),
  ('growing-with-children', 'Growing with children', 'Sunflowers, strawberries and a bucket of worms.',
   pg_temp.doc('Children love a plot when they have a patch of their own.',
     E'- Give them a small bed with a sign\n- Pick fast crops: radishes, cress, sunflowers\n- Let them dig for potatoes in August'),
   null, 'Tom Team', true, now() - interval '14 days'),
  ('autumn-garlic', 'Plant garlic in autumn for a summer harvest', 'Cloves in by November, bulbs out by July.',
   pg_temp.doc('Garlic needs a cold spell to split into cloves, so autumn planting gives the biggest bulbs.',
     'Plant cloves pointy end up, 15 cm apart, with the tip just below the surface.'),
   null, 'Alex Green', true, now() - interval '21 days'),
  ('saving-your-own-seed', 'Saving your own seed', 'Beans, peas and tomatoes are the easiest to start with.',
   pg_temp.doc('Seed saving keeps good varieties going and saves money. Let a few pods dry on the plant, then shell and store them in paper envelopes somewhere cool.'),
   null, 'Priya Roots', true, now() - interval '40 days'),
  ('wildlife-on-the-plot', 'Making room for wildlife', 'A small pond and a log pile bring in the slug eaters.',
   pg_temp.doc('Frogs, hedgehogs and ground beetles eat slugs. Give them somewhere to live and they will repay you.',
     E'- A washing-up bowl pond with a ramp\n- A log pile in a shady corner\n- A strip of long grass left uncut'),
   null, 'Tom Team', true, now() - interval '55 days'),
  ('sharing-gluts', 'What to do with a courgette glut', 'Share it: the community fridge is waiting.',
   pg_temp.doc('Every August the courgettes win. Drop surplus at your site''s share shelf or the nearest community fridge.'),
   null, 'Fiona Founder', true, now() - interval '70 days'),
  ('draft-spring-checklist', 'Spring checklist (draft)', null, pg_temp.doc('Not ready yet.'), null, 'Tom Team', false, null);

-- ============================================================================
-- careers: four open roles, one closed, one draft
-- ============================================================================
update public.careers set description = pg_temp.doc(
  'Run Leigh Woods Meadows day to day: welcome new members, keep the tools and water working and help plot holders grow.',
  '## What you will do',
  E'- Show new members their plots at welcome slots\n- Keep paths, taps and the tool store in good order\n- Organise two community days a season',
  '## About you',
  'You grow food yourself, enjoy people, and can work Saturday mornings. 20 hours a week, £13.50 an hour.')
where slug = 'patch-manager-bristol';
update public.careers set description = pg_temp.doc(
  'Help us raise seedlings and keep the shared beds at Tuckers Meadow and Avon Views productive from March to October.',
  E'- Sowing and pricking out in the polytunnel\n- Watering rotas in summer\n- Helping at seed swaps and harvest days',
  'Seasonal, 3 days a week, £12.60 an hour.')
where slug = 'growing-assistant';

insert into public.careers (slug, title, location, employment_type, description, closes_on, published) values
  ('community-events-coordinator', 'Community events coordinator', 'Leeds', 'full_time',
   pg_temp.doc('Plan and run events across our northern sites: seed swaps, open days and harvest suppers.',
     E'- Build a calendar of events with each patch manager\n- Work with local schools and food banks\n- Report on who came and what they thought',
     'Full time, £27,000, with a bike or car allowance.'),
   current_date + 60, true),
  ('volunteer-garden-buddy', 'Volunteer garden buddy', 'Any site', 'volunteer',
   pg_temp.doc('Pair up with a new member for their first season and share what you know. A couple of hours a month.'),
   null, true),
  ('site-handyperson', 'Site handyperson', 'Croydon', 'part_time',
   pg_temp.doc('Keep fences, sheds and water troughs in working order.'), current_date - 5, true),
  ('head-of-growing-draft', 'Head of growing (draft)', 'Bath', 'full_time', pg_temp.doc('Not advertised yet.'), null, false);

-- ============================================================================
-- events: upcoming at several sites, two past (hidden from the page), one draft
-- ============================================================================
update public.events set description = pg_temp.doc('Bring seeds, take seeds.', 'Labelled envelopes and pencils on the table by the tool store.'),
  image_url = '/images/content/seedlings.svg'
where slug = 'spring-seed-swap';
update public.events set description = pg_temp.doc('Learn to build a hot compost heap with our head grower. Gloves provided.')
where slug = 'composting-workshop';

insert into public.events (slug, title, description, site_id, location, starts_at, ends_at, image_url, published) values
  ('apple-pressing-day', 'Apple pressing, cider & juice; bring your own bottles',
   pg_temp.doc('Bring windfalls and clean bottles. We press, you take the juice home.'),
   8, 'Bowshaw Views, Sheffield', date_trunc('day', now()) + interval '9 days 10 hours', date_trunc('day', now()) + interval '9 days 14 hours',
   '/images/content/community.svg', true),
  ('open-day-providence-pastures', 'Open day at Providence Pastures',
   pg_temp.doc('Walk the plots, meet members and ask the patch manager anything.'),
   6, 'Providence Pastures, Leeds', date_trunc('day', now()) + interval '15 days 11 hours', date_trunc('day', now()) + interval '15 days 15 hours', null, true),
  ('pruning-fruit-trees', 'Winter pruning for fruit trees',
   pg_temp.doc('Priya Roots shows how to prune apples and pears for a better crop.'),
   2, 'Avon Views, Bath', date_trunc('day', now()) + interval '26 days 13 hours', date_trunc('day', now()) + interval '26 days 15 hours 30 minutes', null, true),
  ('kids-sunflower-sowing', 'Sunflower sowing for children',
   pg_temp.doc('Free for under-12s with a grown-up. Every child takes home a pot.'),
   5, 'Meadow Hill Fields, Croydon', date_trunc('day', now()) + interval '33 days 10 hours', null, null, true),
  ('ruddington-harvest-supper', 'Harvest supper at Ruddington Fields',
   pg_temp.doc('A shared meal cooked from the plots. Bring a dish to share.'),
   7, 'Ruddington Fields, Nottingham', date_trunc('day', now()) + interval '48 days 18 hours', date_trunc('day', now()) + interval '48 days 21 hours', null, true),
  ('last-seasons-plant-sale', 'Plant sale (last season)', pg_temp.doc('Thank you to everyone who came.'),
   1, 'Tuckers Meadow, Bath', now() - interval '20 days', now() - interval '20 days' + interval '3 hours', null, true),
  ('past-bee-talk', 'Bee-keeping talk (past)', pg_temp.doc('Held last month.'),
   3, 'Leigh Woods Meadows, Bristol', now() - interval '3 days', null, null, true);

-- ============================================================================
-- knowledge base: nested sections
-- ============================================================================
update public.kb_articles set body = pg_temp.doc(
  'Welcome to your plot. This section covers your first weeks: where things are and how the site works.',
  'Start with the tools and water, then read the site rules.')
where path = 'getting-started';
update public.kb_articles set body = pg_temp.doc(
  'Every site has a shared tool store by the entrance with spades, forks, rakes, hoes and wheelbarrows.',
  'The padlock code is on your welcome e-mail. Please clean tools and put them back the same day.')
where path = 'getting-started/tools';
update public.kb_articles set body = pg_temp.doc(
  'You can cancel at any time from your members page. Your plot stays yours until the end of the month you have paid for.',
  'We will ask whether you want us to offer your plot to the next person on the waiting list straight away.')
where path = 'billing/cancel';

insert into public.kb_articles (path, title, body, published) values
  ('getting-started/water', 'Water on site', pg_temp.doc(
    'Taps and troughs are spread so no plot is more than 30 metres from water. Water butts collect rain from every shed roof.',
    'Taps are turned off from November to March to protect the pipes from frost.'), true),
  ('getting-started/first-week', 'Your first week', pg_temp.doc(
    E'- Book a welcome slot to meet your patch manager\n- Walk your plot boundaries and find the markers\n- Cover any ground you will not plant this month'), true),
  ('growing', 'Growing guides', pg_temp.doc('How to grow what most members grow, from sowing to harvest.'), true),
  ('growing/vegetables', 'Vegetables', pg_temp.doc('Guides for the vegetables that do best on our sites.'), true),
  ('growing/vegetables/tomatoes', 'Growing tomatoes', pg_temp.doc(
    'Sow indoors in March, plant out after the last frost, and pinch out side shoots on cordon varieties.',
    'Feed weekly with tomato feed once the first flowers open.'), true),
  ('growing/vegetables/potatoes', 'Growing potatoes', pg_temp.doc(
    'Chit seed potatoes in February, plant earlies in late March and maincrop in April. Earth up as the shoots grow.'), true),
  ('growing/compost', 'Composting on site', pg_temp.doc(
    'Each site has three-bay compost bins. Layer greens (peelings, grass) and browns (cardboard, straw) and turn the heap monthly.',
    'No cooked food or meat: it brings rats.'), true),
  ('billing', 'Membership and billing', pg_temp.doc('Paying for your plot, changing your plan and cancelling.'), true),
  ('billing/payments', 'How payments work', pg_temp.doc(
    'Membership is paid monthly by card on the day you joined. You will get a receipt by e-mail each month.'), true),
  ('site-rules', 'Site rules', pg_temp.doc(
    E'- No bonfires\n- Dogs on leads and out of other plots\n- Gates locked after dark\n- Be kind to your neighbours'), true),
  ('growing/draft-notes', 'Draft notes', pg_temp.doc('Not published.'), false);

-- ============================================================================
-- seed-sowing guide: enough crops for every month, indoors and out
-- ============================================================================
insert into public.seed_sowing_guides (slug, crop, sow_indoors_months, sow_outdoors_months, harvest_months, notes, published) values
  ('broad-beans', 'Broad beans', '{1,2}', '{2,3,4,10,11}', '{5,6,7}', 'Autumn sowings crop earliest.', true),
  ('onions', 'Onions', '{1,2}', '{3,4}', '{7,8,9}', 'Sets are easier than seed.', true),
  ('chillies', 'Chillies', '{1,2,3}', '{}', '{8,9,10}', 'Need a long, warm season.', true),
  ('peas', 'Peas', '{2,3}', '{3,4,5,6}', '{6,7,8,9}', null, true),
  ('parsnips', 'Parsnips', '{}', '{3,4,5}', '{10,11,12,1,2}', 'Taste sweeter after a frost.', true),
  ('carrots', 'Carrots', '{}', '{4,5,6,7}', '{7,8,9,10,11}', 'Cover with fleece against carrot fly.', true),
  ('beetroot', 'Beetroot', '{3}', '{4,5,6,7}', '{6,7,8,9,10}', null, true),
  ('courgettes', 'Courgettes', '{4,5}', '{6}', '{7,8,9,10}', 'Two plants are plenty.', true),
  ('squash', 'Winter squash', '{4,5}', '{6}', '{9,10}', null, true),
  ('sweetcorn', 'Sweetcorn', '{4,5}', '{5,6}', '{8,9}', 'Plant in blocks, not rows.', true),
  ('french-beans', 'French beans', '{4,5}', '{5,6,7}', '{7,8,9}', null, true),
  ('kale', 'Kale', '{3,4}', '{4,5,6}', '{9,10,11,12,1,2,3}', 'Picks all winter.', true),
  ('leeks', 'Leeks', '{2,3}', '{3,4}', '{9,10,11,12,1,2}', null, true),
  ('spinach', 'Spinach', '{}', '{3,4,5,8,9}', '{5,6,7,10,11}', null, true),
  ('radishes', 'Radishes', '{}', '{3,4,5,6,7,8,9}', '{4,5,6,7,8,9,10}', 'Ready in four weeks.', true),
  ('spring-cabbage', 'Spring cabbage', '{}', '{7,8}', '{3,4,5}', null, true),
  ('winter-salad', 'Winter salad leaves', '{9,10}', '{8,9}', '{10,11,12,1,2,3}', 'Grow under cover.', true),
  ('microgreens', 'Microgreens', '{11,12}', '{}', '{11,12,1}', 'A windowsill crop for the darkest months.', true),
  ('draft-crop', 'Draft crop', '{}', '{}', '{}', null, false);

update public.seed_sowing_timeline t set title = v.title, body = v.body from (values
  (1, 'January: plan and order', 'Order seeds and seed potatoes, sow chillies and onions indoors, and clean pots and trays.'),
  (2, 'February: chit and start', 'Chit potatoes on a cool windowsill, sow tomatoes and leeks indoors, and broad beans outside under cover.'),
  (3, 'March: the season begins', 'Sow peas, parsnips and spinach outdoors when the soil warms; tomatoes and beetroot indoors.'),
  (4, 'April: sow in earnest', 'Carrots, beetroot and radishes outdoors; courgettes, squash and sweetcorn indoors for May.'),
  (5, 'May: beware late frosts', 'Harden off seedlings, sow French and runner beans outside, and plant out sweetcorn at the end of the month.'),
  (6, 'June: plant out', 'Plant courgettes and squash, keep sowing salad and carrots, and water deeply in dry spells.'),
  (7, 'July: harvest and resow', 'Pick beans and courgettes daily, sow spring cabbage and the last carrots.'),
  (8, 'August: gluts and winter sowings', 'Share your gluts, sow winter salad and spinach, and save seed from beans and peas.'),
  (9, 'September: harvest time', 'Lift maincrop potatoes, cure squash in the sun, and sow winter salad under cover.'),
  (10, 'October: garlic and beans', 'Plant garlic and sow broad beans for an early crop; spread compost on empty beds.'),
  (11, 'November: tuck the plot in', 'Last garlic, microgreens on the windowsill, and leaves gathered for leaf mould.'),
  (12, 'December: rest and plan', 'Lift parsnips and leeks as needed, grow microgreens indoors, and plan next year''s beds.')
) as v (month, title, body)
where t.month = v.month;

-- ============================================================================
-- offers: what each offer page says
-- ============================================================================
update public.offers set settings = settings || jsonb_build_object('description',
  'Join ' || replace(title, 'Join ', '') || ' today: your own plot, the shared tools and water, seeds to start you off and a patch manager on hand.')
where slug like '%-join';

-- ============================================================================
-- the Roots pledge and good-vibes projects
-- ============================================================================
update public.pledge_pages set position = 1, summary = 'No peat on any site, in any compost we sell or use.', body = pg_temp.doc(
  'Peat bogs store more carbon than forests. Digging them up for compost releases it.',
  'Every Roots site has been peat-free since it opened: our compost comes from green waste and our own heaps.')
where slug = 'peat-free';
update public.pledge_pages set position = 2, summary = 'At least a tenth of every site left for nature.', body = pg_temp.doc(
  'Each site keeps a wildlife corner: a pond, a log pile, long grass and native hedging.',
  E'- Ponds for frogs and newts\n- Log piles for beetles\n- Hedges for nesting birds')
where slug = 'wildlife-corners';
insert into public.pledge_pages (slug, title, summary, body, position, published) values
  ('water-wise', 'Every drop counts', 'Rainwater first, mains water last.', pg_temp.doc(
    'Every shed and shelter on our sites catches rain. Members use water butts before the taps, and we fix leaks within a week.'), 3, true),
  ('fair-rent', 'A fair rent, always', 'Clear prices, no hidden fees, and a hardship fund.', pg_temp.doc(
    'Plot prices are published for every site. A share of every membership goes to a fund that pays for plots for people who could not otherwise have one.'), 4, true),
  ('draft-pledge', 'Draft pledge', null, pg_temp.doc('Not published.'), 5, false);

update public.good_vibes_projects set body = pg_temp.doc(
  'Local primary schools get a free bed and a term of weekly visits. Children sow, weed and harvest, then cook what they grew.',
  'This year twelve classes took part at Tuckers Meadow.'), cover_image = '/images/content/seedlings.svg'
where slug = 'school-beds';
update public.good_vibes_projects set body = pg_temp.doc(
  'Members drop surplus fruit and vegetables at the share shelf; volunteers take it to the community fridge in Bristol every Friday.')
where slug = 'community-fridge';
insert into public.good_vibes_projects (slug, title, summary, body, site_id, cover_image, published) values
  ('therapy-garden', 'A garden for wellbeing', 'Quiet beds for people referred by their GP.', pg_temp.doc(
    'Raised beds, a shelter and a kettle: a calm place to grow for people recovering from illness, run with the local health team.'),
   6, '/images/content/community.svg', true),
  ('seed-library', 'The seed library', 'Borrow seeds in spring, bring some back in autumn.', pg_temp.doc(
    'A tin of envelopes in each tool store. Take what you need; return saved seed at the harvest supper.'),
   7, null, true),
  ('draft-project', 'Draft project', null, pg_temp.doc('Not published.'), null, null, false);
