// The shop's active products (public read).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restSelect } from '@/lib/sites/rest'

export interface Product {
  id: number
  name: string
  slug: string
  description: string | null
  price_pence: number
  stock: number | null
  image_url?: string | null
}

export const getProducts = () =>
  restSelect<Product>(
    'products',
    'select=id,name,slug,description,price_pence,stock,image_url&active=eq.true&order=id.asc',
  )

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 60_000 })

export function useProducts() {
  return useQuery(productsQueryOptions())
}
