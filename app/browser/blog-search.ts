/**
 * The blog's search box (a GET form: Enter or 'Buscar' loads /blog?q=…). Here the results follow
 * the typing: 300 ms after the last key the same page is fetched (the page cache answers) and its
 * results replace these, the address following along without a new history entry. The chosen
 * category's chip is brought into the row's view (it may sit past a phone's edge).
 */
export function startBlogSearch() {
  const chips = document.querySelector<HTMLElement>("[data-blog-chips]");
  const chosen = chips?.querySelector<HTMLElement>('[aria-current="true"]');
  if (chips && chosen && chips.scrollWidth > chips.clientWidth) {
    chips.scrollLeft = chosen.offsetLeft - chips.offsetLeft - 20;
  }
  const form = document.querySelector<HTMLFormElement>("form[data-blog-search]");
  if (!form) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  form.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), 300);
  });
  async function update() {
    const results = document.querySelector<HTMLElement>("[data-blog-results]");
    if (!results || !form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) params.set(name, value);
    }
    const address = params.size ? `/blog?${params}` : "/blog";
    controller?.abort();
    controller = new AbortController();
    results.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(address, { signal: controller.signal });
      // A search past the last page is redirected (the page number goes): follow the address.
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.querySelector("[data-blog-results]");
      if (!fresh) return;
      // The status line stays the same element, so that screen readers announce its new text.
      const status = results.querySelector("[role=status]");
      const freshStatus = fresh.querySelector("[role=status]");
      if (status && freshStatus) {
        status.textContent = freshStatus.textContent;
        freshStatus.replaceWith(status);
      }
      results.replaceChildren(...fresh.childNodes);
      document.title = page.title;
      const shown = new URL(response.url);
      window.history.replaceState(window.history.state, "", shown.pathname + shown.search);
    } catch {
      // Aborted by newer typing, or offline: the form still searches on Enter.
    } finally {
      results.removeAttribute("aria-busy");
    }
  }
}
