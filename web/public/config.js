// Replaced at serve time by the stack's web server (and by the dev server); this copy keeps
// a static deployment working with the build-time environment.
