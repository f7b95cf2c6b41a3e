// The playground's editor (CodeMirror 6 with the .mls highlighting and the interpreter's diagnostics),
// built as a bundle of its own (web/build.sh): most of the page's JavaScript is here, and the page shows
// its first result while this is fetched and run (src/playground.js).
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history as editHistory, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";

import { editorDiagnostics } from "./diagnostics_view.js";
import { mlsHighlighting, mlsLanguage } from "./mls_language.js";

// Text replaced by the page itself (a scenario chosen, the text reset): not an edit to refresh after.
export const PAGE_REPLACE = "input.replace.scenario";

// An editor in `parent` holding `text`; `edited()` is called after each change the user makes.
export function createEditor(parent, text, edited) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), editHistory(), drawSelection(), highlightActiveLine(), bracketMatching(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]), mlsLanguage, mlsHighlighting, lintGutter(),
        // Long lines wrap: the text is read without scrolling sideways, on a narrow page too.
        EditorView.lineWrapping,
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((t) => t.isUserEvent(PAGE_REPLACE))) edited();
        }),
      ],
    }),
  });
}

// The whole text replaced by the page.
export function replaceText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: PAGE_REPLACE });
}

// The interpreter's diagnostics of `fileName` marked in the editor.
export function markDiagnostics(view, diagnostics, fileName) {
  view.dispatch(setDiagnostics(view.state, editorDiagnostics(view.state.doc, diagnostics, fileName)));
}
