"""Tables of values as text (as ``mlsi run`` prints them), HTML and Markdown, for notebooks: the name,
the number right-aligned, the unit after it, so that the units line up."""
from __future__ import annotations

import html
from typing import List, Optional, Sequence, Tuple

from . import _values

# A row: (name, number part, unit part) of the value as shown.
Row = Tuple[str, str, str]


def split_shown(t: Optional[tuple]) -> Tuple[str, str]:
    """A value tuple as (number, unit) text: ``256.5 GiB`` -> (``256.5``, ``GiB``)."""
    if t is None:
        return "(not used)", ""
    shown = _values.shown_of(t)
    unit = t[2] if t[0] in ("q", "l") else ""
    if unit and shown.endswith(" " + unit):
        return shown[: -len(unit) - 1], unit
    return shown, ""


def rows_of(items: Sequence[tuple]) -> List[Row]:
    return [(name, *split_shown(value)) for name, _type, _available, value in items]


def text_table(title: str, sections: Sequence[Tuple[str, List[Row]]]) -> str:
    """The table ``mlsi run`` prints: the title, then each section's rows, names and numbers aligned
    across all sections."""
    rows = [r for _, section in sections for r in section]
    name_width = max((len(r[0]) for r in rows), default=0)
    number_width = max((len(r[1]) for r in rows), default=0)
    lines = [title]
    for heading, section in sections:
        lines += ["", heading] if heading else [""]
        for name, number, unit in section:
            line = f"  {name.ljust(name_width)}  {number.rjust(number_width)}"
            lines.append(line + (" " + unit if unit else ""))
    return "\n".join(lines) + "\n"


_STYLE_NUMBER = 'style="text-align:right;font-variant-numeric:tabular-nums"'
_STYLE_UNIT = 'style="text-align:left"'


def html_table(title: str, sections: Sequence[Tuple[str, List[Row]]]) -> str:
    """The same table as HTML: a column for the numbers (right-aligned) and one for the units."""
    out = [f'<table class="mlsi"><caption style="text-align:left"><b>{html.escape(title)}</b></caption>']
    for heading, section in sections:
        if heading:
            out.append(f'<tr><th colspan="3" style="text-align:left">{html.escape(heading)}</th></tr>')
        for name, number, unit in section:
            out.append(f"<tr><td><code>{html.escape(name)}</code></td><td {_STYLE_NUMBER}>{html.escape(number)}</td>"
                       f"<td {_STYLE_UNIT}>{html.escape(unit)}</td></tr>")
    out.append("</table>")
    return "".join(out)


def _markdown_cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(title: str, sections: Sequence[Tuple[str, List[Row]]]) -> str:
    """The same table as Markdown, numbers right-aligned (``--:``)."""
    out = [f"**{_markdown_cell(title)}**", "", "| | value | unit |", "|---|--:|:--|"]
    for heading, section in sections:
        if heading:
            out.append(f"| **{_markdown_cell(heading)}** | | |")
        for name, number, unit in section:
            out.append(f"| `{_markdown_cell(name)}` | {_markdown_cell(number)} | {_markdown_cell(unit)} |")
    return "\n".join(out) + "\n"


def quantity_html(q) -> str:
    return f"<code>{html.escape(str(q))}</code>"
