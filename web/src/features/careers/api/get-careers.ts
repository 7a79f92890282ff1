// Open roles: published, and either no closing date or one that has not passed (UK date).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restOne } from '@/lib/content/rest'
import { restSelect } from '@/lib/sites/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { ukDay } from '@/lib/dates'

export type EmploymentType = 'full_time' | 'part_time' | 'seasonal' | 'volunteer'

export const EMPLOYMENT_LABEL: Record<EmploymentType, string> = {
  full_time: 'Full time',
  part_time: 'Part time',
  seasonal: 'Seasonal',
  volunteer: 'Volunteer',
}

export interface CareerSummary {
  id: number
  slug: string
  title: string
  location: string | null
  employment_type: EmploymentType | null
  closes_on: string | null
}

export interface Career extends CareerSummary {
  description: RichTextNode
}

export const isOpen = (career: Pick<CareerSummary, 'closes_on'>, today = ukDay()) =>
  career.closes_on === null || career.closes_on >= today

const FIELDS = 'id,slug,title,location,employment_type,closes_on'

export const getCareers = () =>
  restSelect<CareerSummary>(
    'careers',
    `select=${FIELDS}&published=eq.true&or=(closes_on.is.null,closes_on.gte.${ukDay()})&order=closes_on.asc.nullslast,title.asc`,
  )

/** A published role by slug, open or closed (a closed one says so), or null. */
export const getCareer = (slug: string) =>
  restOne<Career>(
    'careers',
    `select=${FIELDS},description&published=eq.true&slug=eq.${encodeURIComponent(slug)}`,
  )

export const careersQueryOptions = () =>
  queryOptions({ queryKey: ['careers'], queryFn: getCareers, staleTime: 60_000 })
export const careerQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['career', slug], queryFn: () => getCareer(slug), staleTime: 60_000 })

export const useCareers = () => useQuery(careersQueryOptions())
export const useCareer = (slug: string) => useQuery(careerQueryOptions(slug))
