// @ts-check
// The rules view of the Nabucodonosor page: a modal <dialog> filled from
// rules.md beside this file, the one source of the rules text (part of the
// site, listed in sw.js, fetched when the dialog first opens). Only the small subset
// of Markdown that file uses is read (## sections, paragraphs, a numbered list
// with nested dash items, **bold**); every piece of text goes in as textContent.

const SECTION = { pt: 'Português', en: 'English', it: 'Italiano' };
const SOURCE = new URL('./rules.md', import.meta.url);

let source = null;

/** The lines of the section for `lang` (English when unknown). */
function sectionLines(text, lang) {
  const title = `## ${SECTION[lang] ?? SECTION.en}`;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === title);
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('## '));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Appends `text` to `parent`, with `**bold**` spans as <strong>. */
function inline(parent, text) {
  text.split(/(\*\*[^*]+\*\*)/).forEach((part) => {
    if (!part) return;
    if (part.startsWith('**') && part.endsWith('**')) {
      const b = document.createElement('strong');
      b.textContent = part.slice(2, -2);
      parent.append(b);
    } else {
      parent.append(document.createTextNode(part));
    }
  });
}

/**
 * Builds the DOM of one section from its Markdown lines.
 * @param {string[]} lines
 * @returns {DocumentFragment}
 */
export function renderRules(lines) {
  const frag = document.createDocumentFragment();
  let ol = null; // the numbered list in progress
  let li = null; // its last item
  let ul = null; // the dash list inside that item
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      ol = li = ul = null;
      continue;
    }
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    const dash = /^\s+-\s+(.*)$/.exec(line);
    if (numbered) {
      if (!ol) {
        ol = document.createElement('ol');
        frag.append(ol);
      }
      li = document.createElement('li');
      inline(li, numbered[1]);
      ol.append(li);
      ul = null;
    } else if (dash && li) {
      if (!ul) {
        ul = document.createElement('ul');
        li.append(ul);
      }
      const item = document.createElement('li');
      inline(item, dash[1]);
      ul.append(item);
    } else if (/^\s/.test(line) && li) {
      const p = document.createElement('p');
      inline(p, line.trim());
      li.append(p);
    } else {
      const p = document.createElement('p');
      inline(p, line);
      frag.append(p);
    }
  }
  return frag;
}

async function rulesText() {
  source ??= fetch(SOURCE).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    return r.text();
  });
  try {
    return await source;
  } catch (e) {
    source = null;
    throw e;
  }
}

/**
 * Wires the rules dialog: `button` opens `dialog` (which holds a `.rules-body`
 * and a `.rules-close` button) in the language `lang()` returns; Escape or the
 * close button shuts it, and the focus goes back to `button`.
 * @param {HTMLElement} button
 * @param {HTMLDialogElement} dialog
 * @param {() => string} lang
 * @param {(why: string) => string} failed
 */
export function setupRules(button, dialog, lang, failed) {
  const body = dialog.querySelector('.rules-body');
  dialog.querySelector('.rules-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => button.focus());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) dialog.close();
    }
  });
  button.addEventListener('click', async (e) => {
    e.preventDefault();
    const code = lang();
    let text;
    try {
      text = await rulesText();
    } catch (err) {
      body.replaceChildren(document.createTextNode(failed(String(err?.message ?? err))));
      text = null;
    }
    if (text !== null) body.replaceChildren(renderRules(sectionLines(text, code)));
    dialog.lang = code;
    dialog.dataset.lang = code;
    if (!dialog.open) dialog.showModal();
    body.scrollTop = 0;
  });
}
