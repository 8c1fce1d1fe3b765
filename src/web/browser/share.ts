/**
 * The copy-link button: copies the address as it stands (every view keeps its state there) and shows the link,
 * so a reader whose browser refuses the clipboard can still select it.
 */

export function initShare(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.share-btn')) {
    const status = button.parentElement?.querySelector<HTMLElement>('[role=status]');
    button.addEventListener('click', async () => {
      const url = location.href;
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        // No clipboard (an insecure origin or a refused permission): the link is shown to copy by hand.
      }
      if (!status) return;
      status.textContent = copied ? 'Link copied: ' : 'Copy this link: ';
      const link = document.createElement('a');
      link.href = url;
      link.className = 'share-link';
      link.textContent = url;
      status.append(link);
    });
  }
}
