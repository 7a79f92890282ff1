-- Seed: what a visitor reads and sees on each of the 22 catalogue sites' pages:
-- descriptions, directions, travel times, nearby places, the patch manager and the photo
-- gallery. Runs after catalogue.sql, which made the rows with their short demo text; these
-- updates replace it by slug. Long texts live here rather than in the catalogue, which is the
-- first paint's. The photos are drawn by scripts/seed-images.ts into supabase/images/sites/<slug>/
-- and uploaded into the `images` bucket from config.toml ([storage.buckets.images]); the rows
-- below name them. No prices here: those come from plans. Local and demo data only.

-- Stored rich text (ProseMirror JSON, as the site page renders it): one paragraph per argument,
-- or one bullet per argument.
create function pg_temp.site_paragraphs(variadic paragraphs text[])
returns text
language sql
immutable
as $$
  select jsonb_build_object('type', 'doc', 'content', jsonb_agg(
    jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', p)))
    order by n))::text
  from unnest(paragraphs) with ordinality as t(p, n)
$$;

create function pg_temp.site_bullets(variadic items text[])
returns text
language sql
immutable
as $$
  select jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'bullet_list', 'content', jsonb_agg(
    jsonb_build_object('type', 'list_item', 'content', jsonb_build_array(
      jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', i)))))
    order by n))))::text
  from unnest(items) with ordinality as t(i, n)
$$;

-- ============================================================================
-- Open sites (the flagship nine)
-- ============================================================================
update public.global_sites set
  description_title = 'Grow your own at Tuckers Meadow, on the sunny edge of Bath',
  description = pg_temp.site_paragraphs(
    'Tuckers Meadow slopes gently south from the eastern edge of Bath towards the Avon valley, so the beds warm up early in spring and hold the sun late into September. The soil is a free-draining loam over limestone brash: easy to dig, quick to dry after rain, and happy with a good mulch of compost each winter.',
    'Plots come as half plots for a first season and full plots for those who want room for potatoes, squash and a fruit cage. Each row of plots has its own water trough filled from the mains, and the timber tool store by the gate holds forks, spades, rakes, wheelbarrows and hoses for everyone to share. Three-bay compost bins sit at the end of every second path, and there is a composting toilet beside the tool store.',
    'The main paths are firm, level wood chip wide enough for a wheelbarrow or a wheelchair, and four raised beds by the gate are built at sitting height. There is a small car park inside the gate and a covered rack for bikes.'
  ),
  landing_page_description = 'Sunny, free-draining plots with water, shared tools and seeds, a short ride from the middle of Bath.',
  nearby_attractions = pg_temp.site_bullets(
    'Bathampton Meadows, a flat riverside walk with herons and, in early summer, orchids',
    'The Kennet and Avon Canal towpath, for a walk or ride into town',
    'Little Solsbury Hill, a short steep climb with views over the whole city'
  ),
  food_drinks = pg_temp.site_bullets(
    'A canalside pub at Bathampton with a garden on the water',
    'The café in the village hall on Saturday mornings',
    'Plenty of bakeries and cafés ten minutes away in the city centre'
  ),
  directions = '{"bike": {"minutes": 12, "text": "Along the Kennet and Avon Canal towpath from Bath Spa station, then the lane up from Bathampton"}, "public_transport": {"minutes": 20, "text": "A bus from the bus station towards Bathampton, then a five-minute walk up the lane"}, "car": {"minutes": 10, "text": "Out of the city on the A36 towards Bathampton; the car park is inside the gate"}}',
  distance_points = '[{"icon": "bike", "text": "12 min from Bath Spa station by bike"}, {"icon": "bus", "text": "20 min from Bath bus station"}, {"icon": "car", "text": "10 min from the city centre"}, {"icon": "walk", "text": "5 min on foot from the canal towpath"}]',
  pm_name = 'Sam Patch',
  pm_message = 'I look after both our Bath sites, and I''m at Tuckers Meadow most Saturday mornings with the kettle on in the tool store. Come and find me if you want to know what grows well on this slope, or just to borrow a hoe. New plot holders get a walk round the site in their first week.',
  pm_photo_1 = 'sites/tuckers-meadow/patch-manager.png'
where slug = 'tuckers-meadow';

update public.global_sites set
  description_title = 'Avon Views: plots with a view of the river',
  description = pg_temp.site_paragraphs(
    'Avon Views sits on a shelf of land above the river on the west side of Bath, looking across the water meadows to the hills beyond. The soil is a heavier clay loam that holds moisture well through dry summers; it rewards raised beds and plenty of organic matter, and brassicas and beans do especially well here.',
    'There are half plots, full plots and a block of timber raised beds near the entrance, which are a good start if you are new to growing. A polytunnel by the tool shed is shared for raising seedlings in spring. Water comes from troughs along the central path and from the rainwater butts on the shed, and shared tools, barrows and hoses are kept in the shed. Compost bays are at the river end of the site, and the nearest toilets are at the café on the river path.',
    'The central path is level and surfaced; side paths are mown grass. Parking is on the hard standing by the gate, with room for about a dozen cars, and there are bike hoops beside the shed.'
  ),
  landing_page_description = 'Raised beds and full plots on a shelf above the river Avon, with a shared polytunnel for seedlings.',
  nearby_attractions = pg_temp.site_bullets(
    'The Bristol and Bath Railway Path, a traffic-free ride along the old line',
    'The river path and the water meadows below the site',
    'Royal Victoria Park and its botanical gardens, fifteen minutes by bike'
  ),
  food_drinks = pg_temp.site_bullets(
    'A café on the river path, five minutes'' walk away',
    'A riverside pub with a beer garden on the way back into town'
  ),
  directions = '{"bike": {"minutes": 15, "text": "West along the river path from the city centre, or on the Bristol and Bath Railway Path"}, "public_transport": {"minutes": 25, "text": "A bus west along the Upper Bristol Road, then a short walk down to the river"}, "car": {"minutes": 12, "text": "West out of the city on the A4; parking by the gate"}}',
  distance_points = '[{"icon": "walk", "text": "5 min from the river path"}, {"icon": "bike", "text": "15 min from Bath Spa station by bike"}, {"icon": "car", "text": "12 min from the city centre"}]',
  pm_name = 'Sam Patch',
  pm_message = 'Avon Views is the smaller of my two Bath sites and the friendliest place I know to pot on a tray of seedlings. We swap spare plants in the polytunnel on the first Sunday of the month from April to June. If the clay looks daunting, ask me about the raised beds by the gate.',
  pm_photo_1 = 'sites/avon-views/patch-manager.png'
where slug = 'avon-views';

update public.global_sites set
  description_title = 'Leigh Woods Meadows: a big meadow site beside the woods',
  description = pg_temp.site_paragraphs(
    'Leigh Woods Meadows is our largest site in the west: twenty-four acres of former grazing land on the Somerset side of the Avon Gorge, with ancient woodland along one edge and open views towards Dundry Hill. The soil is a deep, slightly acid loam that has not been cultivated for decades, so it is full of worms and very good for potatoes, soft fruit and squash.',
    'Plots are laid out in blocks of twenty, each block with its own water troughs and compost bays. There are half and full plots, and a community orchard of old West Country apple varieties that plot holders share. Two tool sheds hold shared tools, barrows and hoses, and there are composting toilets beside each. A polytunnel near the main gate is used for seed sowing and workshops.',
    'The main track is a firm gravel road to every block; paths between plots are grass. There is a car park by the main gate, bike stands at each shed, and four accessible raised beds beside the polytunnel.'
  ),
  landing_page_description = 'Room to grow on a meadow site next to ancient woodland, across the gorge from Clifton.',
  nearby_attractions = pg_temp.site_bullets(
    'Leigh Woods, with waymarked trails through the woodland and along the gorge',
    'The Clifton Suspension Bridge, a short walk away',
    'Ashton Court Estate, its deer park and its mountain-bike trails'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café in the Ashton Court Estate',
    'A pub in the village of Abbots Leigh, a ten-minute walk',
    'Cafés and delis in Clifton Village, over the bridge'
  ),
  directions = '{"bike": {"minutes": 18, "text": "From Temple Meads along the harbourside and the Avon towpath, then up through Leigh Woods"}, "public_transport": {"minutes": 30, "text": "A bus from the city centre towards Abbots Leigh and Portishead; the stop is a short walk from the gate"}, "car": {"minutes": 15, "text": "Over the Suspension Bridge and along the A369; the car park is by the main gate"}}',
  distance_points = '[{"icon": "bike", "text": "18 min from Bristol Temple Meads by bike"}, {"icon": "walk", "text": "10 min on foot from the Clifton Suspension Bridge"}, {"icon": "bus", "text": "30 min by bus from the city centre"}]',
  pm_name = 'Rosie Hartnell',
  pm_message = 'I have grown on this side of the gorge for fifteen years and I still find new things in the hedges. I''m on site Wednesday evenings and Saturday mornings, usually in the orchard. Bring your questions about the soil here, and bring a bag in September: the apples are for everyone.',
  pm_photo_1 = 'sites/leigh-woods-meadows/patch-manager.png'
where slug = 'leigh-woods-meadows';

update public.global_sites set
  description_title = 'Sugar Loaf Fields: sheltered plots and a community orchard',
  description = pg_temp.site_paragraphs(
    'Sugar Loaf Fields lies in a fold of land on the edge of Stourbridge, sheltered from the west wind by a thick old hedgerow of hawthorn and field maple. The soil is a light sandy loam, warm and early, that suits carrots, onions and all the roots; it dries fast in summer, so mulching is worth the effort.',
    'There are half plots and full plots, each with a path on at least two sides. Water troughs are spaced along the main path, and the green tool shed at the top of the site holds shared tools, barrows and a seed library. Compost bays run along the hedge, and there is a composting toilet next to the shed. The community orchard in the corner of the field has plums, damsons and pears for plot holders to pick.',
    'The main path is level and surfaced with compacted stone; there are parking spaces by the field gate and bike hoops by the shed.'
  ),
  landing_page_description = 'Warm, sheltered plots on a light soil, with a community orchard to share.',
  nearby_attractions = pg_temp.site_bullets(
    'The Stourbridge Canal and its flight of sixteen locks',
    'The glass quarter and its museum of glassmaking',
    'Mary Stevens Park, with a lake and a bandstand'
  ),
  food_drinks = pg_temp.site_bullets(
    'A canalside café by the locks',
    'Pubs and cafés on the high street in the town centre'
  ),
  directions = '{"bike": {"minutes": 10, "text": "From Stourbridge Junction on quiet roads and a short stretch of canal towpath"}, "public_transport": {"minutes": 20, "text": "The shuttle train to Stourbridge Town, then a local bus towards the edge of town"}, "car": {"minutes": 8, "text": "From the ring road, signposted towards the country lanes west of town; parking by the field gate"}}',
  distance_points = '[{"icon": "car", "text": "8 min from Stourbridge Junction by car"}, {"icon": "bike", "text": "10 min from the station by bike"}, {"icon": "walk", "text": "15 min on foot from the canal locks"}]',
  pm_name = 'Dev Mistry',
  pm_message = 'This is the most sheltered site I have worked on: my chillies ripen outdoors here most years. I''m around on Tuesday evenings and Sunday mornings, and I run the seed library in the shed. Take what you need, and bring back what you save.',
  pm_photo_1 = 'sites/sugar-loaf-fields/patch-manager.png'
where slug = 'sugar-loaf-fields';

update public.global_sites set
  description_title = 'Meadow Hill Fields: London''s biggest allotment meadow',
  description = pg_temp.site_paragraphs(
    'Meadow Hill Fields covers thirty-three acres of chalk downland on the southern edge of Croydon, with over seven hundred plots in blocks separated by wide grass rides and wildflower strips. The soil is a thin, flinty loam over chalk: it drains well, warms quickly and grows superb brassicas, though it needs generous compost to hold moisture.',
    'Choose a half plot, a full plot or one of the raised-bed blocks near the main gate. Every block has water troughs and compost bays; three tool sheds around the site keep shared tools, barrows, hoses and a stock of seeds. There are toilets, including an accessible one, in the building by the main gate, where we also hold weekend workshops through the growing season.',
    'The main rides are surfaced and step-free, and the raised-bed blocks have wide paths for wheelchairs. There is a car park with accessible bays at the main gate and covered bike parking by each shed.'
  ),
  landing_page_description = 'Over 700 plots on the chalk downs of south London, with tools, water, seeds and weekend workshops.',
  nearby_attractions = pg_temp.site_bullets(
    'Chalk grassland and woodland walks on the downs around the site',
    'Lloyd Park, with its open fields and the tram stop at its edge',
    'The Addington Hills viewpoint, looking north over the whole of London'
  ),
  food_drinks = pg_temp.site_bullets(
    'The park café in Lloyd Park',
    'Cafés and takeaways in the parade of shops by the tram stop'
  ),
  directions = '{"bike": {"minutes": 20, "text": "From East Croydon station through Park Hill and along the park edge"}, "public_transport": {"minutes": 15, "text": "Tram from East Croydon towards New Addington, then a ten-minute walk"}, "car": {"minutes": 12, "text": "South out of Croydon on the A212; the car park is at the main gate"}}',
  distance_points = '[{"icon": "tram", "text": "15 min by tram from East Croydon"}, {"icon": "bike", "text": "20 min from East Croydon by bike"}, {"icon": "car", "text": "12 min from Croydon town centre"}, {"icon": "walk", "text": "10 min on foot from the nearest tram stop"}]',
  pm_name = 'Grace Adeyemi',
  pm_message = 'Seven hundred plots sounds like a lot, but each block is its own little neighbourhood and you will soon know everyone on your path. I''m in the building by the main gate most weekdays and at every Saturday workshop. If you are not sure whether a half plot or a raised bed suits you, come and look at both with me.',
  pm_photo_1 = 'sites/meadow-hill-fields/patch-manager.png'
where slug = 'meadow-hill-fields';

update public.global_sites set
  description_title = 'Providence Pastures: open plots with a heated potting bench',
  description = pg_temp.site_paragraphs(
    'Providence Pastures is a nine-acre field on the northern edge of Leeds, open to the sky and gently sloping to the east. The soil is a medium loam over sandstone, deep enough for parsnips and good for leeks, kale and all the hardy crops that carry a Yorkshire garden through winter.',
    'Plots are half or full size, with water troughs at the end of every path. The potting shed has a heated bench, run from the mains in early spring, so seedlings get a head start before the last frosts. Shared tools, barrows and hoses are in the tool store next to it, compost bays run along the bottom hedge, and there is a composting toilet by the shed.',
    'The track from the gate to the potting shed is surfaced and level; paths between plots are grass. There is parking for about twenty cars by the gate and bike stands at the shed.'
  ),
  landing_page_description = 'Open, well-drained plots on the edge of Leeds, with a heated potting bench for early seedlings.',
  nearby_attractions = pg_temp.site_bullets(
    'Golden Acre Park and its lakeside walks',
    'The Meanwood Valley Trail, following the beck down towards the city',
    'Eccup Reservoir and the footpaths around it'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café at Golden Acre Park',
    'A country pub on the road out towards the reservoir'
  ),
  directions = '{"bike": {"minutes": 20, "text": "North from the city centre up the Meanwood Valley Trail, then a quiet lane"}, "public_transport": {"minutes": 30, "text": "A bus from the city centre towards Otley, then a ten-minute walk"}, "car": {"minutes": 15, "text": "North on the A660; parking by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Leeds station by bike"}, {"icon": "bus", "text": "30 min by bus from the city centre"}, {"icon": "car", "text": "15 min from the Headingley area"}]',
  pm_name = 'Craig Whitworth',
  pm_message = 'Growing up here means working with the weather, and the potting shed is where we win that argument every March. I''m on site Thursday evenings and Saturday mornings. Ask me about leeks: I have strong opinions.',
  pm_photo_1 = 'sites/providence-pastures/patch-manager.png'
where slug = 'providence-pastures';

update public.global_sites set
  description_title = 'Ruddington Fields: flat, easy plots by the country park',
  description = pg_temp.site_paragraphs(
    'Ruddington Fields is a level twelve-acre site south of Nottingham, next to Rushcliffe Country Park. The soil is a river-terrace sandy loam, among the easiest in the county to work: it is ready to sow early in spring and grows fine carrots, beetroot and asparagus.',
    'There are half plots, full plots and a group of raised beds by the car park. Water troughs are spaced along the two main paths, and the blue tool shed holds shared tools, barrows, hoses and a seed box. Compost bays are at the far end of each path, and there is a composting toilet by the shed, with the country park''s toilets a short walk away.',
    'Being flat, the whole site is easy to get around: the main paths are firm and level enough for wheelchairs, and the raised beds are at sitting height. The car park is beside the plots, and there is a bike rack by the shed.'
  ),
  landing_page_description = 'Level, easy-working plots beside Rushcliffe Country Park, south of Nottingham.',
  nearby_attractions = pg_temp.site_bullets(
    'Rushcliffe Country Park, its lake and its play areas',
    'The village of Ruddington and its museums of framework knitting and transport',
    'The Grantham Canal towpath for a longer walk or ride'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café in the country park',
    'Tea rooms and pubs in Ruddington village'
  ),
  directions = '{"bike": {"minutes": 25, "text": "South from the city over the Trent, then the cycle route to Ruddington"}, "public_transport": {"minutes": 28, "text": "A bus from the city centre to Ruddington, then a walk through the country park"}, "car": {"minutes": 14, "text": "South on the A60, then the lane by the country park; the car park is beside the plots"}}',
  distance_points = '[{"icon": "car", "text": "14 min from Nottingham city centre"}, {"icon": "bus", "text": "28 min by bus from the city centre"}, {"icon": "walk", "text": "10 min on foot from Ruddington village"}]',
  pm_name = 'Hannah Lowe',
  pm_message = 'If you have never grown anything before, this is the soil to start on: it forgives almost everything. I''m on site on Monday and Friday afternoons and most Sunday mornings. Say hello at the blue shed and I''ll show you round.',
  pm_photo_1 = 'sites/ruddington-fields/patch-manager.png'
where slug = 'ruddington-fields';

update public.global_sites set
  description_title = 'Bowshaw Views: hillside plots looking out to the Peak District',
  description = pg_temp.site_paragraphs(
    'Bowshaw Views is a twelve-acre hillside on the southern edge of Sheffield, with long views west to the moors of the Peak District. The slope has been terraced into wide, level strips, each holding a row of plots. The soil is a stony loam over clay; it is hard work in the first year, but it grows outstanding brassicas, onions and rhubarb.',
    'There are half plots and full plots on every terrace, with a water trough at the end of each one. The green tool shed at the top of the site holds shared tools, barrows and hoses; compost bays are built into the bank at each terrace end; and there is a composting toilet next to the shed.',
    'The lower two terraces can be reached on a level surfaced path from the car park and suit anyone who prefers not to climb. The car park is at the bottom gate, and there are bike hoops by the shed.'
  ),
  landing_page_description = 'Terraced hillside plots on the southern edge of Sheffield, with views over the Peak District.',
  nearby_attractions = pg_temp.site_bullets(
    'The Moss Valley, with woodland paths and old mill ponds',
    'Graves Park and its rare-breeds farm',
    'The Peak District''s eastern edges, twenty minutes'' drive west'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café at Graves Park',
    'A village pub along the lane towards Dronfield'
  ),
  directions = '{"bike": {"minutes": 25, "text": "South from the city centre, with a long climb at the end: worth it for the view"}, "public_transport": {"minutes": 35, "text": "A bus from the city centre towards Dronfield, then a short walk up the lane"}, "car": {"minutes": 20, "text": "South on the A61; parking at the bottom gate"}}',
  distance_points = '[{"icon": "bike", "text": "25 min from Sheffield station by bike"}, {"icon": "car", "text": "20 min from the city centre"}, {"icon": "walk", "text": "15 min on foot from Graves Park"}]',
  pm_name = 'Martin Hague',
  pm_message = 'I have grown on Sheffield''s hills all my life, and this is the best view I have ever had from a compost heap. I''m on site Wednesday and Saturday mornings. Come on a clear day and bring a flask.',
  pm_photo_1 = 'sites/bowshaw-views/patch-manager.png'
where slug = 'bowshaw-views';

update public.global_sites set
  description_title = 'Galleywood Meadow: a small, friendly site by the common',
  description = pg_temp.site_paragraphs(
    'Galleywood Meadow is a ten-acre field on the southern edge of Chelmsford, bordered by the heath and woodland of Galleywood Common. With just over a hundred plots it is one of our smaller sites, and plot holders know each other by name. The soil is a gravelly loam, warm and free-draining, that suits sweetcorn, squash and tomatoes in the Essex sun.',
    'Plots are half or full size, laid out either side of one central path with water troughs along it. The green tool shed holds shared tools, barrows and hoses; compost bays are beside the shed; and there is a composting toilet. A picnic table under the oak by the gate is where most conversations start.',
    'The central path is level and surfaced. Parking is in the lay-by at the field gate, and there are bike hoops by the shed.'
  ),
  landing_page_description = 'A hundred-odd plots on warm, free-draining soil next to Galleywood Common.',
  nearby_attractions = pg_temp.site_bullets(
    'Galleywood Common, heathland and woods with a circular walk',
    'Hylands Park and its house and gardens',
    'The Chelmer and Blackwater Navigation for a towpath walk'
  ),
  food_drinks = pg_temp.site_bullets(
    'A pub on the edge of the common',
    'The café at Hylands Park'
  ),
  directions = '{"bike": {"minutes": 20, "text": "South from Chelmsford station through the town and out along the Galleywood road"}, "public_transport": {"minutes": 25, "text": "A bus from the city centre to Galleywood, then a short walk along the common"}, "car": {"minutes": 9, "text": "South from the city on the B1007; parking at the field gate"}}',
  distance_points = '[{"icon": "car", "text": "9 min from Chelmsford city centre"}, {"icon": "bike", "text": "20 min from Chelmsford station by bike"}, {"icon": "walk", "text": "5 min on foot from Galleywood Common"}]',
  pm_name = 'Jo Pettit',
  pm_message = 'What I love about Galleywood is that nobody is a stranger for long: the picnic table sees to that. I''m on site Tuesday evenings and Saturday mornings. If you want a plot near the shed and the tap, ask me early.',
  pm_photo_1 = 'sites/galleywood-meadow/patch-manager.png'
where slug = 'galleywood-meadow';

-- ============================================================================
-- Daffodil Views: coming soon, with pre-registration open
-- ============================================================================
update public.global_sites set
  description_title = 'Daffodil Views: generous plots in the Cheshire countryside',
  description = pg_temp.site_paragraphs(
    'Daffodil Views is a new site we are preparing west of Chester, on sixteen acres of old pasture with views towards the Welsh hills. Only sixteen plots will be marked out in the first phase, each a full plot with room to spare, and the rest of the field is staying as meadow, with wildflower margins and a pond.',
    'The soil is a deep, heavy Cheshire loam that has been grazed rather than ploughed, so it will be rich but slow to dry in spring. Before the first plot holders arrive we are putting in mains water troughs, a tool shed stocked with shared tools and barrows, compost bays and a composting toilet, and a surfaced path from the parking area to the plots.',
    'Pre-register and you will hear first when the plots are ready, and be invited to a walk round the field before anything is allocated.'
  ),
  landing_page_description = 'A new site of sixteen generous plots in the countryside west of Chester: pre-register to hear first.',
  nearby_attractions = pg_temp.site_bullets(
    'Chester''s city walls and the river Dee',
    'Quiet lanes and footpaths through the farmland around the site',
    'The Wirral Way, a traffic-free path along an old railway line'
  ),
  food_drinks = pg_temp.site_bullets(
    'A village pub a short drive away',
    'Cafés and markets in the middle of Chester'
  ),
  directions = '{"bike": {"minutes": 25, "text": "West from Chester along the river and then quiet country lanes"}, "public_transport": {"minutes": 35, "text": "A bus from Chester bus interchange towards the villages to the west, then a walk along the lane"}, "car": {"minutes": 15, "text": "West out of Chester; the parking area will be by the field gate"}}',
  distance_points = '[{"icon": "car", "text": "15 min from Chester city centre"}, {"icon": "bike", "text": "25 min from Chester station by bike"}, {"icon": "bus", "text": "35 min by bus from the city centre"}]',
  pm_name = 'Gwen Ellis',
  pm_message = 'I will be looking after Daffodil Views when it opens, and I have been walking the field every week to learn where the frost sits and where the sun lands first. When the plots are ready I will show everyone who pre-registered round before anything is allocated. I can''t wait to see the first spades go in.',
  pm_photo_1 = 'sites/daffodil-views/patch-manager.png'
where slug = 'daffodil-views';

-- ============================================================================
-- Active sites (people wait for a plot)
-- ============================================================================
update public.global_sites set
  description_title = 'Darenth Fields: plots in the Darent valley',
  description = pg_temp.site_paragraphs(
    'Darenth Fields lies on the gentle slope of the Darent valley south of Dartford, twelve and a half acres with fifty plots set well apart along wide grass paths. The soil is a fertile brickearth loam over chalk: fine-textured, easy to work in spring and very good for salads, beans and fruit. The river and the valley''s water meadows are just below the site.',
    'Plots here are in demand: when none is free, new growers join the waiting list and hear as soon as one comes up. There are half and full plots, with water troughs at the end of each path. The blue tool shed by the gate holds shared tools, barrows and hoses, and there is a block of timber raised beds beside it for plot holders with less time. Compost bays stand along the top hedge, and there is a composting toilet by the shed.',
    'The main path from the gate is surfaced and level. There is a small car park by the gate and bike stands beside the shed; the Darent Valley Path runs close by.'
  ),
  landing_page_description = 'Fifty plots on fertile brickearth in the Darent valley, south of Dartford.',
  nearby_attractions = pg_temp.site_bullets(
    'The Darent Valley Path, following the river south towards the Downs',
    'Central Park in Dartford and its gardens',
    'The village of Sutton-at-Hone and the river meadows'
  ),
  food_drinks = pg_temp.site_bullets(
    'A riverside pub in the valley, a short walk away',
    'Cafés and the weekly market in Dartford town centre'
  ),
  directions = '{"bike": {"minutes": 15, "text": "South from Dartford station along the Darent Valley Path"}, "public_transport": {"minutes": 25, "text": "A bus from Dartford town centre towards Swanley, then a short walk to the gate"}, "car": {"minutes": 10, "text": "South from Dartford on the A225; the car park is by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "15 min from Dartford station by bike"}, {"icon": "car", "text": "10 min from Dartford town centre"}, {"icon": "walk", "text": "5 min on foot from the Darent Valley Path"}]',
  pm_name = 'Kemi Bankole',
  pm_message = 'Darenth Fields is small enough that I know every plot and every plot holder, and I keep the waiting list honest: when a plot comes free, the next person hears from me that week. I''m on site on Wednesday evenings and Saturday mornings. Come and have a look round while you wait.',
  pm_photo_1 = 'sites/darenth-fields/patch-manager.png'
where slug = 'darenth-fields';

update public.global_sites set
  description_title = 'Loxley Meadow: riverside plots in the Loxley valley',
  description = pg_temp.site_paragraphs(
    'Loxley Meadow is a nine-acre riverside field in the Loxley valley on the north-west edge of Sheffield, with wooded hills on both sides. The soil is a deep alluvial silt left by the river over centuries: dark, stone-free and very fertile, though it can stay wet in early spring, so the beds are ridged up for drainage.',
    'The site has fifty half and full plots; when none is free, new growers join the waiting list. Water troughs run along the main path, fed from the mains; the green tool shed holds shared tools, barrows and hoses; and compost bays and a composting toilet stand at the top end. A polytunnel is shared for seed raising.',
    'The main path is level and surfaced with stone; the side paths are grass. There is parking for about ten cars by the gate, and bike hoops at the shed.'
  ),
  landing_page_description = 'Fifty plots on deep, fertile river silt in the wooded Loxley valley.',
  nearby_attractions = pg_temp.site_bullets(
    'Walks along the river Loxley, past old mill dams and weirs',
    'Damflask Reservoir and the footpath around it',
    'Bradfield village and the edge of the Peak District'
  ),
  food_drinks = pg_temp.site_bullets(
    'An old country pub further up the valley',
    'A tea room in Bradfield village'
  ),
  directions = '{"bike": {"minutes": 30, "text": "North-west from the city centre through Hillsborough, then up the valley road"}, "public_transport": {"minutes": 35, "text": "Tram to Malin Bridge, then a bus or a twenty-minute walk up the valley"}, "car": {"minutes": 20, "text": "North-west through Hillsborough and along the valley road; parking by the gate"}}',
  distance_points = '[{"icon": "tram", "text": "Tram to Malin Bridge, then 20 min on foot"}, {"icon": "car", "text": "20 min from Sheffield city centre"}, {"icon": "bike", "text": "30 min from Sheffield station by bike"}]',
  pm_name = 'Ruth Staniforth',
  pm_message = 'The river gives us the best soil in Sheffield, and in a wet March it reminds us it was here first. I''m on site Tuesday evenings and Sunday mornings. If you are on the waiting list, come to a Sunday work morning and meet the people who will be your neighbours.',
  pm_photo_1 = 'sites/loxley-meadow/patch-manager.png'
where slug = 'loxley-meadow';

update public.global_sites set
  description_title = 'Haigh Fields: plots beside Haigh Woodland Park',
  description = pg_temp.site_paragraphs(
    'Haigh Fields is fourteen and a half acres of former farmland on the edge of Haigh Woodland Park, north-east of Wigan, with a hundred and twenty plots in six blocks. The soil is a heavy clay loam that holds water and nutrients well: slow to warm in spring, superb for potatoes, beans and brassicas once it gets going.',
    'When no plot is free, new growers join the waiting list. Plots are half or full size, and each block has water troughs and compost bays. The blue tool shed at the centre of the site holds shared tools, barrows and hoses, and there are composting toilets beside it. A block of raised beds near the car park is set aside for plot holders who find digging hard.',
    'The main track is surfaced and runs level to every block. The car park is at the site entrance, with bike stands by the shed, and the woodland park''s paths start at the gate.'
  ),
  landing_page_description = 'A hundred and twenty plots on the edge of Haigh Woodland Park, north-east of Wigan.',
  nearby_attractions = pg_temp.site_bullets(
    'Haigh Woodland Park, its woodland trails and its walled garden',
    'The Leeds and Liverpool Canal and the Wigan flight of locks',
    'The Plantations, a wooded valley along the river Douglas'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café at Haigh Woodland Park',
    'A canalside pub by the locks'
  ),
  directions = '{"bike": {"minutes": 20, "text": "North-east from Wigan town centre along the canal towpath"}, "public_transport": {"minutes": 25, "text": "A bus from Wigan bus station towards Haigh, then a short walk"}, "car": {"minutes": 12, "text": "North-east from the town centre, following signs for Haigh Woodland Park; the car park is at the entrance"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Wigan North Western station by bike"}, {"icon": "car", "text": "12 min from Wigan town centre"}, {"icon": "walk", "text": "2 min on foot from Haigh Woodland Park"}]',
  pm_name = 'Danny Ashurst',
  pm_message = 'Haigh clay is heavy going, but once you have a few barrows of compost on it you won''t want to grow anywhere else. I''m around most weekday afternoons and every Saturday. While you are on the list, come to a Saturday and help with the communal beds: that is the best way to learn the site.',
  pm_photo_1 = 'sites/haigh-fields/patch-manager.png'
where slug = 'haigh-fields';

update public.global_sites set
  description_title = 'Brasside Meadow: sheltered plots north of Durham',
  description = pg_temp.site_paragraphs(
    'Brasside Meadow is an eleven-acre field north of Durham city, near the river Wear and the ponds of the Brasside nature reserve. The soil is a sandy loam over boulder clay, fairly easy to work, with a northern season that suits hardy crops: kale, leeks, broad beans, rhubarb and soft fruit all do well.',
    'There are fifty half and full plots; when none is free, new growers join the waiting list. Water troughs stand along both main paths; the timber tool shed holds shared tools, barrows and hoses; compost bays line the east hedge; and there is a composting toilet by the shed. A hedge of hawthorn and blackthorn shelters the plots from the north wind.',
    'The main paths are level, with a firm stone surface. Parking is by the gate, with bike hoops at the shed.'
  ),
  landing_page_description = 'Fifty sheltered plots north of Durham, close to the river Wear and its nature reserve.',
  nearby_attractions = pg_temp.site_bullets(
    'Durham Cathedral and the castle on the peninsula',
    'The riverside paths along the Wear',
    'Brasside ponds, a nature reserve with dragonflies in summer'
  ),
  food_drinks = pg_temp.site_bullets(
    'A village pub on the road back towards the city',
    'Cafés around the market place in the city centre'
  ),
  directions = '{"bike": {"minutes": 18, "text": "North from Durham station along the riverside path"}, "public_transport": {"minutes": 25, "text": "A bus from Durham bus station towards Newton Hall, then a short walk"}, "car": {"minutes": 10, "text": "North from the city centre; parking by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "18 min from Durham station by bike"}, {"icon": "car", "text": "10 min from Durham city centre"}, {"icon": "bus", "text": "25 min by bus from the bus station"}]',
  pm_name = 'Lindsay Robson',
  pm_message = 'Our season is a few weeks behind the south, so we make up for it with good timing and a lot of fleece. I''m on site on Thursday evenings and Saturday mornings. If you are waiting for a plot, I''m always glad of help on the communal fruit beds.',
  pm_photo_1 = 'sites/brasside-meadow/patch-manager.png'
where slug = 'brasside-meadow';

update public.global_sites set
  description_title = 'Cissbury Fields: sunny plots below Cissbury Ring',
  description = pg_temp.site_paragraphs(
    'Cissbury Fields sits at the foot of the South Downs north of Worthing, ten acres of chalk land below the Iron Age hill fort of Cissbury Ring. The soil is a shallow, flinty chalk loam, quick to warm and quick to drain, with lots of sun and a sea breeze: ideal for garlic, onions, herbs and Mediterranean crops.',
    'When no plot is free, new growers join the waiting list. Plots are half or full size, with water troughs along the main path and rainwater butts on the green tool shed, which holds shared tools, barrows and hoses. Compost bays are along the northern fence, and there is a composting toilet beside the shed.',
    'The main path is level, with a compacted chalk surface; the car park is by the gate, and bike hoops are by the shed. The South Downs Way is a short climb away.'
  ),
  landing_page_description = 'Fifty sunny plots on the chalk at the foot of the South Downs, north of Worthing.',
  nearby_attractions = pg_temp.site_bullets(
    'Cissbury Ring, the Iron Age hill fort above the site, with views to the sea',
    'The South Downs Way',
    'Worthing seafront and its pier'
  ),
  food_drinks = pg_temp.site_bullets(
    'A village pub in Findon, a short walk away',
    'Cafés along Worthing seafront'
  ),
  directions = '{"bike": {"minutes": 20, "text": "North from Worthing station, with a steady climb towards the Downs"}, "public_transport": {"minutes": 25, "text": "A bus from Worthing town centre towards Findon, then a short walk"}, "car": {"minutes": 12, "text": "North from Worthing on the A24; the car park is by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Worthing station by bike"}, {"icon": "car", "text": "12 min from Worthing seafront"}, {"icon": "walk", "text": "25 min on foot up to Cissbury Ring"}]',
  pm_name = 'Pete Lelliott',
  pm_message = 'This is the sunniest site I know: our garlic is the envy of the coast. I''m on site Monday and Wednesday mornings and most Saturdays. While you wait for a plot, come up for a work morning and a walk to the Ring afterwards.',
  pm_photo_1 = 'sites/cissbury-fields/patch-manager.png'
where slug = 'cissbury-fields';

-- ============================================================================
-- Upcoming sites (pre-registration): what is planned, in the future tense
-- ============================================================================
update public.global_sites set
  description_title = 'Saughall Meadow: new plots north-west of Chester',
  description = pg_temp.site_paragraphs(
    'Saughall Meadow will be fifty plots on twelve and a half acres of flat farmland near the village of Saughall, a few miles north-west of Chester. The soil is a deep, moisture-holding Cheshire loam, well suited to potatoes, beans and brassicas.',
    'We are planning half and full plots, mains water troughs along the main path, a tool shed with shared tools and barrows, compost bays, a composting toilet, and a surfaced path from the parking area to the plots, with a few raised beds at sitting height near the gate. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots on flat, fertile farmland near Saughall, north-west of Chester.',
  nearby_attractions = pg_temp.site_bullets(
    'The Chester Millennium Greenway, a traffic-free path on an old railway line',
    'Chester''s walls, rows and the river Dee'
  ),
  food_drinks = pg_temp.site_bullets(
    'A village pub in Saughall',
    'Cafés in the middle of Chester'
  ),
  directions = '{"bike": {"minutes": 20, "text": "From Chester station along the Millennium Greenway, then quiet lanes"}, "public_transport": {"minutes": 30, "text": "A bus from Chester towards Saughall, then a short walk"}, "car": {"minutes": 12, "text": "North-west out of Chester; parking will be by the field gate"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Chester station by bike"}, {"icon": "car", "text": "12 min from Chester city centre"}, {"icon": "bus", "text": "30 min by bus from the city centre"}]',
  pm_name = 'Owen Pritchard',
  pm_message = 'I will be running Saughall Meadow when it opens, and I have grown on Cheshire clay all my life. Everyone who pre-registers will be invited to see the field before plots are allocated. Bring your wellies.',
  pm_photo_1 = 'sites/saughall-meadow/patch-manager.png'
where slug = 'saughall-meadow';

update public.global_sites set
  description_title = 'Ruislip and Pinner Fields: new plots on an old hay meadow',
  description = pg_temp.site_paragraphs(
    'Ruislip and Pinner Fields will be fifty plots on thirteen acres of old hay meadow in north-west London, between the two villages and close to the woods of the Ruislip area. The soil is London clay with a good topsoil: heavy, fertile and slow to dry, best worked in raised beds and ridges.',
    'We are planning half and full plots, water troughs along the paths, a tool shed with shared tools and barrows, compost bays, a composting toilet, a few raised beds at sitting height, and bike parking by the gate. Parking will be limited, as the site is well served by the Underground. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots on an old hay meadow in north-west London, close to the Underground.',
  nearby_attractions = pg_temp.site_bullets(
    'Ruislip Woods, a national nature reserve of ancient woodland',
    'Ruislip Lido, a reservoir with a sandy beach and a miniature railway',
    'Pinner''s old high street'
  ),
  food_drinks = pg_temp.site_bullets(
    'Cafés and pubs on Ruislip and Pinner high streets',
    'A café by the Lido'
  ),
  directions = '{"bike": {"minutes": 12, "text": "From Ruislip station on quiet residential roads"}, "public_transport": {"minutes": 15, "text": "The Underground to Ruislip or Pinner, then a fifteen-minute walk"}, "car": {"minutes": 10, "text": "From the A40 or the centre of Ruislip; parking will be limited"}}',
  distance_points = '[{"icon": "train", "text": "15 min on foot from Ruislip station"}, {"icon": "bike", "text": "12 min from Pinner station by bike"}, {"icon": "car", "text": "10 min from the A40"}]',
  pm_name = 'Anita Sharma',
  pm_message = 'I grew up round the corner from this meadow, and I''m thrilled to be turning it into plots. When we open, I''ll be on site most evenings in the first weeks to help everyone get started. Pre-register and I''ll keep you posted.',
  pm_photo_1 = 'sites/ruislip-pinner-fields/patch-manager.png'
where slug = 'ruislip-pinner-fields';

update public.global_sites set
  description_title = 'Nene Meadows: new plots by the river Nene',
  description = pg_temp.site_paragraphs(
    'Nene Meadows will be fifty plots on nine acres of flat land beside the river Nene, west of Peterborough city centre. The soil is a rich river loam, stone-free and easy to dig, that should grow excellent roots, onions and salads.',
    'We are planning half and full plots, mains water troughs, a tool shed with shared tools and barrows, compost bays and a composting toilet. Being flat, the whole site will have level, surfaced main paths suitable for wheelchairs, and raised beds at sitting height by the gate. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots on flat, stone-free river loam beside the Nene, west of Peterborough.',
  nearby_attractions = pg_temp.site_bullets(
    'Ferry Meadows in Nene Park, with lakes, walks and a steam railway',
    'The riverside path along the Nene into the city',
    'Peterborough Cathedral'
  ),
  food_drinks = pg_temp.site_bullets(
    'The café at Ferry Meadows',
    'Cafés and pubs around the cathedral square'
  ),
  directions = '{"bike": {"minutes": 15, "text": "West from Peterborough station along the Nene riverside path"}, "public_transport": {"minutes": 25, "text": "A bus from Queensgate bus station heading west, then a short walk"}, "car": {"minutes": 12, "text": "West from the city on the A1260 parkway; parking will be by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "15 min from Peterborough station by bike"}, {"icon": "car", "text": "12 min from the city centre"}, {"icon": "walk", "text": "10 min on foot from Ferry Meadows"}]',
  pm_name = 'Mark Fenwick',
  pm_message = 'River soil like this is a gift, and I can''t wait to see what people grow in it. Once the plots are marked out, I''ll hold open mornings so everyone who pre-registered can choose their spot. Pre-register and I''ll be in touch.',
  pm_photo_1 = 'sites/nene-meadows/patch-manager.png'
where slug = 'nene-meadows';

update public.global_sites set
  description_title = 'Dearne Fields: new plots in the Dearne valley',
  description = pg_temp.site_paragraphs(
    'Dearne Fields will be fifty plots on ten acres of the Dearne valley east of Barnsley, on land that has been grassland for decades. The soil is a medium loam over clay, good for potatoes, leeks and brassicas, and the valley''s wetlands are next door.',
    'We are planning half and full plots, water troughs on every path, a tool shed with shared tools and barrows, compost bays, a composting toilet, a surfaced main path and raised beds at sitting height by the gate. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots in the green Dearne valley, east of Barnsley.',
  nearby_attractions = pg_temp.site_bullets(
    'The wetland nature reserves of the Dearne valley, good for birdwatching',
    'The Trans Pennine Trail for walking and cycling',
    'Cannon Hall and its farm, a short drive west'
  ),
  food_drinks = pg_temp.site_bullets(
    'A café at the nearby wetland reserve',
    'Pubs and cafés in Barnsley town centre'
  ),
  directions = '{"bike": {"minutes": 20, "text": "East from Barnsley Interchange, joining the Trans Pennine Trail"}, "public_transport": {"minutes": 25, "text": "A bus from Barnsley Interchange towards the Dearne valley, then a short walk"}, "car": {"minutes": 12, "text": "East from Barnsley town centre; parking will be by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Barnsley Interchange by bike"}, {"icon": "car", "text": "12 min from Barnsley town centre"}, {"icon": "walk", "text": "5 min on foot from the Trans Pennine Trail"}]',
  pm_name = 'Shaz Hinchliffe',
  pm_message = 'People have been asking for plots in the Dearne for years, so this one means a lot to me. When we open, the kettle will be on in the shed every Saturday. Pre-register and you''ll be the first to know.',
  pm_photo_1 = 'sites/dearne-fields/patch-manager.png'
where slug = 'dearne-fields';

update public.global_sites set
  description_title = 'Wrekin Views: new plots with a view of the Wrekin',
  description = pg_temp.site_paragraphs(
    'Wrekin Views will be fifty plots on twelve acres on the south-western side of Telford, looking across to the Wrekin. The soil is a red sandy loam, light and warm, that suits carrots, parsnips, onions and soft fruit.',
    'We are planning half and full plots, water troughs along each path, a tool shed with shared tools and barrows, compost bays, a composting toilet, a surfaced main path and a few raised beds at sitting height. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots on warm, light soil with a view of the Wrekin.',
  nearby_attractions = pg_temp.site_bullets(
    'The Wrekin, a short drive and a steady climb for views over Shropshire',
    'Ironbridge Gorge and its museums',
    'Telford Town Park, with its lakes and gardens'
  ),
  food_drinks = pg_temp.site_bullets(
    'Cafés and pubs in Ironbridge',
    'The café in Telford Town Park'
  ),
  directions = '{"bike": {"minutes": 20, "text": "From Telford Central station along the town''s cycle routes"}, "public_transport": {"minutes": 30, "text": "A bus from Telford bus station heading south-west, then a short walk"}, "car": {"minutes": 12, "text": "From the M54; parking will be by the field gate"}}',
  distance_points = '[{"icon": "bike", "text": "20 min from Telford Central by bike"}, {"icon": "car", "text": "12 min from Telford town centre"}, {"icon": "car", "text": "15 min from Ironbridge"}]',
  pm_name = 'Emma Corbett',
  pm_message = 'Every time I stand in this field and look at the Wrekin, I picture it full of bean rows. When the plots are ready, I''ll walk everyone who pre-registered round the site. Pre-register and come and see.',
  pm_photo_1 = 'sites/wrekin-views/patch-manager.png'
where slug = 'wrekin-views';

update public.global_sites set
  description_title = 'Trent Vale Fields: new plots in the Trent valley',
  description = pg_temp.site_paragraphs(
    'Trent Vale Fields will be fifty plots on fourteen acres in the south of Stoke-on-Trent, close to the young river Trent. The soil is a clay loam, heavy but fertile, that will reward raised beds and plenty of compost.',
    'We are planning half and full plots, mains water troughs, a tool shed with shared tools and barrows, compost bays, a composting toilet, level surfaced main paths and raised beds at sitting height by the gate. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots in the Trent valley, in the south of Stoke-on-Trent.',
  nearby_attractions = pg_temp.site_bullets(
    'The Trent and Mersey Canal towpath',
    'The pottery museums and factory shops of the six towns',
    'Trentham''s lake and woodland walks'
  ),
  food_drinks = pg_temp.site_bullets(
    'Cafés at Trentham',
    'Oatcake shops and cafés in the local high streets'
  ),
  directions = '{"bike": {"minutes": 15, "text": "South from Stoke station along the canal towpath"}, "public_transport": {"minutes": 25, "text": "A bus from Hanley bus station heading south, then a short walk"}, "car": {"minutes": 10, "text": "From the A500; parking will be by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "15 min from Stoke-on-Trent station by bike"}, {"icon": "car", "text": "10 min from the A500"}, {"icon": "bus", "text": "25 min by bus from Hanley"}]',
  pm_name = 'Lee Bagnall',
  pm_message = 'Stoke has a proud growing tradition, and this site is our part in it. When we open I''ll be on site every weekend to help people get their plots going. Pre-register and I''ll let you know the moment the gates open.',
  pm_photo_1 = 'sites/trent-vale-fields/patch-manager.png'
where slug = 'trent-vale-fields';

update public.global_sites set
  description_title = 'Severn Fields: new plots near the Severn',
  description = pg_temp.site_paragraphs(
    'Severn Fields will be fifty plots on eleven and a half acres near the river Severn on the edge of Gloucester, with the Cotswold edge on the horizon. The soil is a deep, silty river loam, rich and easy to work once it dries in spring.',
    'We are planning half and full plots, water troughs along the paths, a tool shed with shared tools and barrows, compost bays, a composting toilet, level surfaced main paths and raised beds at sitting height by the gate. Pre-register to hear first when plots are ready.'
  ),
  landing_page_description = 'Fifty new plots on rich river loam near the Severn, on the edge of Gloucester.',
  nearby_attractions = pg_temp.site_bullets(
    'Gloucester Cathedral and its cloisters',
    'Gloucester Docks and the canal to Sharpness',
    'Riverside walks along the Severn'
  ),
  food_drinks = pg_temp.site_bullets(
    'Cafés and pubs at Gloucester Docks',
    'A riverside pub a short drive away'
  ),
  directions = '{"bike": {"minutes": 15, "text": "From Gloucester station through the docks and along the canal"}, "public_transport": {"minutes": 25, "text": "A bus from Gloucester Transport Hub, then a short walk"}, "car": {"minutes": 10, "text": "From the city ring road; parking will be by the gate"}}',
  distance_points = '[{"icon": "bike", "text": "15 min from Gloucester station by bike"}, {"icon": "car", "text": "10 min from the city centre"}, {"icon": "walk", "text": "10 min on foot from the river path"}]',
  pm_name = 'Chris Awdry',
  pm_message = 'I have fished this stretch of the Severn for years, and now I''ll get to grow beside it too. When the plots are ready, I''ll show everyone who pre-registered round before we allocate. Pre-register and I''ll be in touch.',
  pm_photo_1 = 'sites/severn-fields/patch-manager.png'
where slug = 'severn-fields';

-- ============================================================================
-- The photo galleries: three drawn photos a site, alt text as scripts/seed-images.ts --alt prints it,
-- each with the small copy and the thumbnail the script draws beside it (<n>-small.png, 800 px
-- wide; <n>-thumb.png, 264 px)
-- ============================================================================
insert into public.site_photos (site_id, path, small_path, thumb_path, alt, sort_order)
select s.id, p.path, regexp_replace(p.path, '\.png$', '-small.png'), regexp_replace(p.path, '\.png$', '-thumb.png'),
  p.alt, p.sort_order
from (values
  ('tuckers-meadow', 'sites/tuckers-meadow/1.png', 'Rows of plots at Tuckers Meadow with the hedgerow behind, the timber tool shed and the compost bays in autumn', 1),
  ('tuckers-meadow', 'sites/tuckers-meadow/2.png', 'Timber raised beds at Tuckers Meadow, with the timber tool shed and three compost bays in spring', 2),
  ('tuckers-meadow', 'sites/tuckers-meadow/3.png', 'The wood-chip path at Tuckers Meadow between plots, past bean wigwams to the timber tool shed on an early summer evening', 3),
  ('avon-views', 'sites/avon-views/1.png', 'Rows of plots at Avon Views with the hedgerow behind, the green tool shed and the compost bays in autumn under a cloudy sky', 1),
  ('avon-views', 'sites/avon-views/2.png', 'Timber raised beds at Avon Views, with the green tool shed and three compost bays in spring', 2),
  ('avon-views', 'sites/avon-views/3.png', 'The wood-chip path at Avon Views between plots, past bean wigwams to the green tool shed in early summer under a cloudy sky', 3),
  ('leigh-woods-meadows', 'sites/leigh-woods-meadows/1.png', 'Rows of plots at Leigh Woods Meadows with the hedgerow behind, the timber tool shed in autumn under a cloudy sky', 1),
  ('leigh-woods-meadows', 'sites/leigh-woods-meadows/2.png', 'Timber raised beds at Leigh Woods Meadows, with the timber tool shed and three compost bays in spring', 2),
  ('leigh-woods-meadows', 'sites/leigh-woods-meadows/3.png', 'The wood-chip path at Leigh Woods Meadows between plots, past bean wigwams and the polytunnel to the timber tool shed on an early summer evening', 3),
  ('sugar-loaf-fields', 'sites/sugar-loaf-fields/1.png', 'Rows of plots at Sugar Loaf Fields with the hedgerow behind, the blue tool shed on a late summer evening', 1),
  ('sugar-loaf-fields', 'sites/sugar-loaf-fields/2.png', 'Timber raised beds at Sugar Loaf Fields, with the blue tool shed and three compost bays in autumn', 2),
  ('sugar-loaf-fields', 'sites/sugar-loaf-fields/3.png', 'The wood-chip path at Sugar Loaf Fields between plots, past bean wigwams and the polytunnel to the blue tool shed in spring', 3),
  ('meadow-hill-fields', 'sites/meadow-hill-fields/1.png', 'Rows of plots at Meadow Hill Fields with the hedgerow behind, the green tool shed, the compost bays and a water trough in late summer', 1),
  ('meadow-hill-fields', 'sites/meadow-hill-fields/2.png', 'Timber raised beds at Meadow Hill Fields, with the green tool shed and three compost bays in autumn', 2),
  ('meadow-hill-fields', 'sites/meadow-hill-fields/3.png', 'The wood-chip path at Meadow Hill Fields between plots, past bean wigwams and the polytunnel to the green tool shed in spring under a cloudy sky', 3),
  ('providence-pastures', 'sites/providence-pastures/1.png', 'Rows of plots at Providence Pastures with the hedgerow behind, the green tool shed on an autumn evening', 1),
  ('providence-pastures', 'sites/providence-pastures/2.png', 'Timber raised beds at Providence Pastures, with the green tool shed and three compost bays in spring under a cloudy sky', 2),
  ('providence-pastures', 'sites/providence-pastures/3.png', 'The wood-chip path at Providence Pastures between plots, past bean wigwams and the polytunnel to the green tool shed in early summer under a cloudy sky', 3),
  ('ruddington-fields', 'sites/ruddington-fields/1.png', 'Rows of plots at Ruddington Fields with the hedgerow behind, the blue tool shed and a water trough in autumn under a cloudy sky', 1),
  ('ruddington-fields', 'sites/ruddington-fields/2.png', 'Timber raised beds at Ruddington Fields, with the blue tool shed and three compost bays in spring', 2),
  ('ruddington-fields', 'sites/ruddington-fields/3.png', 'The wood-chip path at Ruddington Fields between plots, past bean wigwams and the polytunnel to the blue tool shed in early summer', 3),
  ('bowshaw-views', 'sites/bowshaw-views/1.png', 'Rows of plots at Bowshaw Views with the hedgerow behind, the green tool shed, the compost bays and a water trough in spring under a cloudy sky', 1),
  ('bowshaw-views', 'sites/bowshaw-views/2.png', 'Timber raised beds at Bowshaw Views, with the green tool shed and three compost bays in early summer under a cloudy sky', 2),
  ('bowshaw-views', 'sites/bowshaw-views/3.png', 'The wood-chip path at Bowshaw Views between plots, past bean wigwams and the polytunnel to the green tool shed in late summer', 3),
  ('galleywood-meadow', 'sites/galleywood-meadow/1.png', 'Rows of plots at Galleywood Meadow with the hedgerow behind, the green tool shed, the compost bays and a water trough in early summer', 1),
  ('galleywood-meadow', 'sites/galleywood-meadow/2.png', 'Timber raised beds at Galleywood Meadow, with the green tool shed and three compost bays on a late summer evening', 2),
  ('galleywood-meadow', 'sites/galleywood-meadow/3.png', 'The wood-chip path at Galleywood Meadow between plots, past bean wigwams to the green tool shed in autumn', 3),
  ('daffodil-views', 'sites/daffodil-views/1.png', 'Rows of plots at Daffodil Views with the hedgerow behind, the blue tool shed and the compost bays in early summer', 1),
  ('daffodil-views', 'sites/daffodil-views/2.png', 'Timber raised beds at Daffodil Views, with the blue tool shed and three compost bays in late summer', 2),
  ('daffodil-views', 'sites/daffodil-views/3.png', 'The wood-chip path at Daffodil Views between plots, past bean wigwams and the polytunnel to the blue tool shed in autumn', 3),
  ('darenth-fields', 'sites/darenth-fields/1.png', 'Rows of plots at Darenth Fields with the hedgerow behind, the blue tool shed on an autumn evening', 1),
  ('darenth-fields', 'sites/darenth-fields/2.png', 'Timber raised beds at Darenth Fields, with the blue tool shed and three compost bays in spring', 2),
  ('darenth-fields', 'sites/darenth-fields/3.png', 'The wood-chip path at Darenth Fields between plots, past bean wigwams and the polytunnel to the blue tool shed in early summer', 3),
  ('loxley-meadow', 'sites/loxley-meadow/1.png', 'Rows of plots at Loxley Meadow with the hedgerow behind, the green tool shed and the compost bays on an early summer evening', 1),
  ('loxley-meadow', 'sites/loxley-meadow/2.png', 'Timber raised beds at Loxley Meadow, with the green tool shed and three compost bays in late summer', 2),
  ('loxley-meadow', 'sites/loxley-meadow/3.png', 'The wood-chip path at Loxley Meadow between plots, past bean wigwams and the polytunnel to the green tool shed in autumn', 3),
  ('haigh-fields', 'sites/haigh-fields/1.png', 'Rows of plots at Haigh Fields with the hedgerow behind, the blue tool shed and a water trough in autumn', 1),
  ('haigh-fields', 'sites/haigh-fields/2.png', 'Timber raised beds at Haigh Fields, with the blue tool shed and three compost bays on a spring evening', 2),
  ('haigh-fields', 'sites/haigh-fields/3.png', 'The wood-chip path at Haigh Fields between plots, past bean wigwams to the blue tool shed on an early summer evening', 3),
  ('brasside-meadow', 'sites/brasside-meadow/1.png', 'Rows of plots at Brasside Meadow with the hedgerow behind, the timber tool shed, the compost bays and a water trough on an early summer evening', 1),
  ('brasside-meadow', 'sites/brasside-meadow/2.png', 'Timber raised beds at Brasside Meadow, with the timber tool shed and three compost bays in late summer', 2),
  ('brasside-meadow', 'sites/brasside-meadow/3.png', 'The wood-chip path at Brasside Meadow between plots, past bean wigwams to the timber tool shed on an autumn evening', 3),
  ('cissbury-fields', 'sites/cissbury-fields/1.png', 'Rows of plots at Cissbury Fields with the hedgerow behind, the green tool shed and a water trough on a late summer evening', 1),
  ('cissbury-fields', 'sites/cissbury-fields/2.png', 'Timber raised beds at Cissbury Fields, with the green tool shed and three compost bays in autumn under a cloudy sky', 2),
  ('cissbury-fields', 'sites/cissbury-fields/3.png', 'The wood-chip path at Cissbury Fields between plots, past bean wigwams and the polytunnel to the green tool shed on a spring evening', 3),
  ('saughall-meadow', 'sites/saughall-meadow/1.png', 'Rows of plots at Saughall Meadow with the hedgerow behind, the green tool shed and the compost bays on a spring evening', 1),
  ('saughall-meadow', 'sites/saughall-meadow/2.png', 'Timber raised beds at Saughall Meadow, with the green tool shed and three compost bays in early summer', 2),
  ('saughall-meadow', 'sites/saughall-meadow/3.png', 'The wood-chip path at Saughall Meadow between plots, past bean wigwams and the polytunnel to the green tool shed in late summer', 3),
  ('ruislip-pinner-fields', 'sites/ruislip-pinner-fields/1.png', 'Rows of plots at Ruislip and Pinner Fields with the hedgerow behind, the blue tool shed in spring under a cloudy sky', 1),
  ('ruislip-pinner-fields', 'sites/ruislip-pinner-fields/2.png', 'Timber raised beds at Ruislip and Pinner Fields, with the blue tool shed and three compost bays in early summer under a cloudy sky', 2),
  ('ruislip-pinner-fields', 'sites/ruislip-pinner-fields/3.png', 'The wood-chip path at Ruislip and Pinner Fields between plots, past bean wigwams and the polytunnel to the blue tool shed in late summer', 3),
  ('nene-meadows', 'sites/nene-meadows/1.png', 'Rows of plots at Nene Meadows with the hedgerow behind, the timber tool shed and a water trough in early summer', 1),
  ('nene-meadows', 'sites/nene-meadows/2.png', 'Timber raised beds at Nene Meadows, with the timber tool shed and three compost bays in late summer', 2),
  ('nene-meadows', 'sites/nene-meadows/3.png', 'The wood-chip path at Nene Meadows between plots, past bean wigwams and the polytunnel to the timber tool shed on an autumn evening', 3),
  ('dearne-fields', 'sites/dearne-fields/1.png', 'Rows of plots at Dearne Fields with the hedgerow behind, the sage tool shed and a water trough in late summer under a cloudy sky', 1),
  ('dearne-fields', 'sites/dearne-fields/2.png', 'Timber raised beds at Dearne Fields, with the sage tool shed and three compost bays on an autumn evening', 2),
  ('dearne-fields', 'sites/dearne-fields/3.png', 'The wood-chip path at Dearne Fields between plots, past bean wigwams and the polytunnel to the sage tool shed in spring', 3),
  ('wrekin-views', 'sites/wrekin-views/1.png', 'Rows of plots at Wrekin Views with the hedgerow behind, the sage tool shed and a water trough on an autumn evening', 1),
  ('wrekin-views', 'sites/wrekin-views/2.png', 'Timber raised beds at Wrekin Views, with the sage tool shed and three compost bays in spring', 2),
  ('wrekin-views', 'sites/wrekin-views/3.png', 'The wood-chip path at Wrekin Views between plots, past bean wigwams and the polytunnel to the sage tool shed in early summer under a cloudy sky', 3),
  ('trent-vale-fields', 'sites/trent-vale-fields/1.png', 'Rows of plots at Trent Vale Fields with the hedgerow behind, the timber tool shed, the compost bays and a water trough on an autumn evening', 1),
  ('trent-vale-fields', 'sites/trent-vale-fields/2.png', 'Timber raised beds at Trent Vale Fields, with the timber tool shed and three compost bays on a spring evening', 2),
  ('trent-vale-fields', 'sites/trent-vale-fields/3.png', 'The wood-chip path at Trent Vale Fields between plots, past bean wigwams and the polytunnel to the timber tool shed in early summer', 3),
  ('severn-fields', 'sites/severn-fields/1.png', 'Rows of plots at Severn Fields with the hedgerow behind, the sage tool shed, the compost bays and a water trough in spring', 1),
  ('severn-fields', 'sites/severn-fields/2.png', 'Timber raised beds at Severn Fields, with the sage tool shed and three compost bays in early summer under a cloudy sky', 2),
  ('severn-fields', 'sites/severn-fields/3.png', 'The wood-chip path at Severn Fields between plots, past bean wigwams and the polytunnel to the sage tool shed in late summer', 3)
) as p (slug, path, alt, sort_order)
join public.global_sites s on s.slug = p.slug;
