/** What the page's live forms share: reading a published document, and recomputing as a form changes. */

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Runs `run` now and on every change of the form; submitting recomputes instead of leaving the page. */
export function recomputeOn(form: HTMLFormElement, run: () => void): void {
  form.addEventListener('input', run);
  form.addEventListener('change', run);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  run();
}
