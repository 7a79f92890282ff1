-- Blog posts: the body passes the checks every other stored document passes.
-- Posts are now written in the admin's rich-text editor (/admin/blogs), so their body is stored
-- from what a browser sends. Like lessons (course_contents) and event descriptions, it must be a
-- document of the editor's schema whose links and images use safe schemes; the public page's
-- renderer is robust to anything else, but the database is where the rule lives.

-- == Tables ==

alter table public.blogs
  add constraint blogs_body_links_check check (private.rich_text_links_ok(body)),
  add constraint blogs_body_shape check (private.rich_text_valid(body));
