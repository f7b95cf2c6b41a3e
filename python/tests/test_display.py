"""Notebook display: HTML and Markdown tables with the numbers right-aligned and the units after them."""
import mlsi


def test_result_html_and_markdown():
    r = mlsi.run("ActivationMemory", microbatch=4)
    html = r._repr_html_()
    assert html.startswith('<table class="mlsi">') and html.endswith("</table>")
    assert "<caption" in html and "ActivationMemory" in html
    assert ('<td><code>none</code></td><td style="text-align:right;font-variant-numeric:tabular-nums">1026</td>'
            '<td style="text-align:left">GiB</td>') in html
    assert '<td><code>workload</code></td><td style="text-align:right;font-variant-numeric:tabular-nums">GPT3</td>' in html
    md = r._repr_markdown_()
    assert "|---|--:|:--|" in md and "| `none` | 1026 | GiB |" in md and "| **outputs** | | |" in md


def test_html_escapes():
    r = mlsi.run("ActivationMemory", microbatch=4)
    assert "<b>ActivationMemory</b>" in r._repr_html_()
    q = mlsi.Quantity(1, "byte/s")
    assert q._repr_html_() == "<code>1 byte/s</code>"


def test_solve_and_explanation_display():
    s = mlsi.solve("ActivationMemory", max="microbatch", such_that="full <= 80 GB")
    assert "binding" in s._repr_html_() and "full &lt;= 80 GB" in s._repr_html_()
    assert s._repr_markdown_().startswith("**solved**")
    x = mlsi.explain("ActivationMemory")
    assert x._repr_html_().startswith('<pre class="mlsi">')
