// `.mls` in CodeMirror 6: a stream language whose tokens are the scopes editors/mls.tmLanguage.json
// gives (textmate_lines.js reads the grammar itself, so the two cannot drift apart), each scope shown as
// the highlighting tag that names the same thing.
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

import grammar from "../../editors/mls.tmLanguage.json";
import { LineGrammar } from "./textmate_lines.js";

const lines = new LineGrammar(grammar);

// The innermost scope that says something decides a span's style; punctuation of a comment or a string
// is styled as the comment or string around it. First prefix that matches wins.
const styles = [
  ["punctuation.definition.comment", null],
  ["punctuation.definition.string", null],
  ["comment.line.documentation", "mlsDoc"],
  ["comment", "mlsComment"],
  ["constant.character.escape", "mlsEscape"],
  ["string", "mlsString"],
  ["constant.numeric", "mlsNumber"],
  ["support.constant.unit", "mlsUnit"],
  ["constant.language", "mlsBool"],
  ["keyword.operator.conversion", "mlsConversion"],
  ["keyword.operator.logical", "mlsLogic"],
  ["keyword.operator.comparison", "mlsCompare"],
  ["keyword.operator.arithmetic", "mlsArithmetic"],
  ["keyword.operator", "mlsOperator"],
  ["keyword.control", "mlsControl"],
  ["keyword", "mlsKeyword"],
  ["storage.modifier.attribute", "mlsAttribute"],
  ["punctuation.definition.annotation", "mlsAttribute"],
  ["storage.type", "mlsDeclaration"],
  ["entity.name.function.call", "mlsCall"],
  ["entity.name.function", "mlsFunctionName"],
  ["entity.name.section", "mlsConfigName"],
  ["entity.name.type", "mlsType"],
  ["variable.other.definition", "mlsDefinition"],
  ["variable", "mlsVariable"],
  ["punctuation.accessor", "mlsAccessor"],
  ["punctuation.separator", "mlsSeparator"],
];

export function styleOf(scopes) {
  for (let i = scopes.length - 1; i >= 0; --i) {
    const rule = styles.find(([prefix]) => scopes[i] === prefix || scopes[i].startsWith(prefix + "."));
    if (rule && rule[1]) return rule[1];
  }
  return null;
}

const tokenTable = {
  mlsDoc: t.docComment,
  mlsComment: t.lineComment,
  mlsEscape: t.escape,
  mlsString: t.string,
  mlsNumber: t.number,
  mlsUnit: t.unit,
  mlsBool: t.bool,
  mlsConversion: t.operatorKeyword,
  mlsLogic: t.logicOperator,
  mlsCompare: t.compareOperator,
  mlsArithmetic: t.arithmeticOperator,
  mlsOperator: t.operator,
  mlsControl: t.controlKeyword,
  mlsKeyword: t.keyword,
  mlsAttribute: t.annotation,
  mlsDeclaration: t.definitionKeyword,
  mlsCall: t.function(t.variableName),
  mlsFunctionName: t.function(t.definition(t.variableName)),
  mlsConfigName: t.labelName,
  mlsType: t.typeName,
  mlsDefinition: t.definition(t.variableName),
  mlsVariable: t.variableName,
  mlsAccessor: t.derefOperator,
  mlsSeparator: t.separator,
};

// The stream parser sees a line at a time; the spans of the line are computed once, at its start.
export const mlsLanguage = StreamLanguage.define({
  name: "mls",
  startState: () => ({ spans: [], line: null }),
  copyState: (s) => ({ spans: s.spans, line: s.line }),
  token(stream, state) {
    if (stream.sol() || state.line !== stream.string) {
      state.line = stream.string;
      state.spans = lines.tokenizeLine(stream.string);
    }
    const span = state.spans.find((s) => s.start <= stream.pos && stream.pos < s.end);
    if (!span) {
      stream.skipToEnd();
      return null;
    }
    stream.pos = span.end;
    return styleOf(span.scopes);
  },
  languageData: { commentTokens: { line: "#" } },
  tokenTable,
});

// Colours of the playground's editor (light; the tags above).
export const mlsHighlightStyle = HighlightStyle.define([
  { tag: t.docComment, color: "#1f6f43", fontStyle: "italic" },
  { tag: t.lineComment, color: "#6a737d", fontStyle: "italic" },
  { tag: [t.string], color: "#a31515" },
  { tag: t.escape, color: "#ee0000" },
  { tag: t.number, color: "#098658" },
  { tag: t.unit, color: "#795e26", fontWeight: "600" },
  { tag: t.bool, color: "#0000ff" },
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.operatorKeyword, t.logicOperator], color: "#0033b3", fontWeight: "600" },
  { tag: [t.compareOperator, t.arithmeticOperator, t.operator, t.derefOperator], color: "#444" },
  { tag: t.annotation, color: "#9e880d" },
  { tag: [t.function(t.variableName), t.function(t.definition(t.variableName))], color: "#795e26" },
  { tag: t.labelName, color: "#871094" },
  { tag: t.typeName, color: "#267f99" },
  { tag: t.definition(t.variableName), color: "#001080", fontWeight: "600" },
  { tag: t.variableName, color: "#001080" },
]);

export const mlsHighlighting = syntaxHighlighting(mlsHighlightStyle);
