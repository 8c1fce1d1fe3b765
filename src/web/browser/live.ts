/** What the page's live forms share: reading a published document, and recomputing as a form changes. */

const fetched = new Map<string, Promise<unknown>>();

/**
 * A published document, fetched once per page load: the calculator's two tables read the same tools, platforms
 * and benchmarks, and each asks for them. A failed fetch is forgotten, so a later call tries again.
 */
export function fetchJson<T>(url: string): Promise<T> {
  let pending = fetched.get(url);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    })();
    pending.catch(() => fetched.delete(url));
    fetched.set(url, pending);
  }
  return pending as Promise<T>;
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
