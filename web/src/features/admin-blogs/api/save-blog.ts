// Creates, updates or deletes a blog post (admins only, as RLS has it; audited by trigger). A
// slug another post has is a unique violation, reported as such.
import { deleteRow, saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { type BlogFormValues, blogSchema } from './blog-schema'
import { blogsQueryKey } from './get-blogs'

export const saveBlog = async ({ id, values }: { id: number | null; values: BlogFormValues }) =>
  await saveRowId('blogs', id, blogSchema.parse(values), {
    failed: 'The post was not saved.',
    duplicate: 'Another post already uses this slug.',
  })

export const deleteBlog = (id: number) => deleteRow('blogs', id, 'The post was not deleted.')

export const useSaveBlog = () => useInvalidatingMutation(saveBlog, [blogsQueryKey])
export const useDeleteBlog = () => useInvalidatingMutation(deleteBlog, [blogsQueryKey])
