// The playground's share link (web/README.md): the URL's fragment holds the scenario, the inputs given,
// the .mls text when it was edited and the pasted catalogue entries:
// #scenario=NAME&in.INPUT=EXPR...&src=BASE64URL(UTF-8 text, when edited)&cat=BASE64URL(pasted entries)
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// What the page's fragment asks for: {scenario, inputs, source (null: the built-in text), catalogue}.
export function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const inputs = {};
  for (const [k, v] of params) if (k.startsWith("in.")) inputs[k.slice(3)] = v;
  const decoded = (key) => {
    try {
      return params.get(key) ? fromBase64Url(params.get(key)) : null;
    } catch {
      return null;
    }
  };
  return { scenario: params.get("scenario"), inputs, source: decoded("src"), catalogue: decoded("cat") ?? "" };
}

// The fragment of the playground's `state` and its editor's `text` (`edited`: not the built-in one).
export function writeFragment(state, text, edited) {
  const params = new URLSearchParams();
  params.set("scenario", state.scenario);
  for (const [k, v] of Object.entries(state.inputs)) if (v.trim() !== "") params.set(`in.${k}`, v);
  if (edited) params.set("src", toBase64Url(text));
  if (state.catalogue.trim()) params.set("cat", toBase64Url(state.catalogue));
  history.replaceState(null, "", `#${params}`);
}
