/**
 * The copy-link control of a view whose state lives in its address (the filtered and sorted table, a comparison,
 * a calculator workload): the script copies the address as it stands and says so; the link restores the view.
 */
import { esc } from './html.ts';

export function shareControl(what: string): string {
  return `<p class="share needs-js"><button type="button" class="share-btn" aria-describedby="share-status">Copy link to ${esc(what)}</button> <span id="share-status" class="note" role="status"></span></p>`;
}
