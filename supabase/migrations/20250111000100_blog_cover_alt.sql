-- A blog post's cover picture gets its own description (images carry alt text). Until
-- now a cover was shown as decoration beside its title; a cover that shows something the post is
-- about (a plot, a harvest, a person) is described for people who cannot see it. Optional: left
-- empty, the cover stays decorative (alt=""), as before. Trimmed, 1-300 characters when given.
alter table public.blogs add column cover_alt text
  constraint blogs_cover_alt_check check (cover_alt is null or (cover_alt = trim(cover_alt) and length(cover_alt) between 1 and 300));
comment on column public.blogs.cover_alt is
  'What the cover picture shows, read to people who cannot see it; null when the cover only decorates.';
