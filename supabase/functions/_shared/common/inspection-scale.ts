// The cultivation score of a plot inspection, 0 to 5, in words. The database keeps the number
// (plot_inspections.score, 0-5) and the pass mark (inspection_terms(), per site in
// inspection_settings); these words are what the staff's form, /members, the subscription
// agreement and the e-mails say for each step. Shared by the functions and the web app (@common).

export interface ScoreStep {
  score: 0 | 1 | 2 | 3 | 4 | 5
  /** A few words: "Well cultivated". */
  label: string
  /** What an inspector sees at this step. */
  description: string
}

export const INSPECTION_SCALE: readonly ScoreStep[] = [
  {
    score: 0,
    label: 'Not cultivated',
    description: 'Nothing grown; the plot is overgrown or abandoned.',
  },
  {
    score: 1,
    label: 'Barely cultivated',
    description: 'A small patch in use; weeds cover most of the plot.',
  },
  {
    score: 2,
    label: 'Partly cultivated',
    description: 'Less than half the plot in use; weeds are spreading to the paths and neighbours.',
  },
  {
    score: 3,
    label: 'Fairly cultivated',
    description: 'At least half the plot in use or being prepared; weeds kept in check.',
  },
  {
    score: 4,
    label: 'Well cultivated',
    description: 'Most of the plot in use and tidy.',
  },
  {
    score: 5,
    label: 'Excellently cultivated',
    description: 'All of the plot in use, tidy and productive.',
  },
]

export const MIN_SCORE = 0
export const MAX_SCORE = 5

/** "Fairly cultivated (3 of 5)". */
export function scoreWords(score: number): string {
  const step = INSPECTION_SCALE.find((s) => s.score === score)
  return step ? `${step.label} (${score} of ${MAX_SCORE})` : `${score} of ${MAX_SCORE}`
}

/** What to do to pass, as the warning e-mail and /members say it. */
export function whatToDo(passMark: number): string {
  const step = INSPECTION_SCALE.find((s) => s.score === passMark)
  return step
    ? `Bring the plot up to at least "${step.label}": ${step.description.charAt(0).toLowerCase()}${
      step.description.slice(1)
    }`
    : `Bring the plot up to a score of at least ${passMark} of ${MAX_SCORE}.`
}

/** Object name of photo n of an inspection in bucket inspection-photos (the database checks it). */
export function inspectionPhotoPath(siteId: number, inspectionId: string, n: number, ext: string) {
  return `${siteId}/${inspectionId}/${n}.${ext}`
}

/** The extension a photo is stored under, by its type (the bucket allows these). */
export function photoExtension(type: string): 'jpg' | 'png' | 'webp' | 'heic' | null {
  switch (type) {
    case 'image/jpeg':
      return 'jpg'
    case 'image/png':
      return 'png'
    case 'image/webp':
      return 'webp'
    case 'image/heic':
    case 'image/heif':
      return 'heic'
    default:
      return null
  }
}
