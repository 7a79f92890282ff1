// The centred card the sign-in, MFA and refusal pages sit in: the page's main landmark.
import type { ReactNode } from 'react'
import { css } from 'goober'

const page = css`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: 1.5rem 1rem;
  background: var(--roots-background);
  box-sizing: border-box;
  .card {
    width: min(28rem, 100%);
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 2rem 1.75rem;
    box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.08);
    border: 1px solid #dde2de;
    box-sizing: border-box;
  }
  .brand {
    font-weight: 800;
    color: var(--roots-primary);
    margin: 0 0 0.25rem;
  }
  h1 {
    margin: 0 0 1rem;
    font-size: 1.6rem;
  }
  form button[type='submit'] {
    width: 100%;
    margin-top: 0.5rem;
  }
  @media (max-width: 30rem) {
    .card {
      padding: 1.5rem 1rem;
    }
  }
`

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={page}>
      <section className='card' aria-labelledby='auth-card-title'>
        <p className='brand'>Roots Allotments staff</p>
        <h1 id='auth-card-title'>{title}</h1>
        {children}
      </section>
    </main>
  )
}
