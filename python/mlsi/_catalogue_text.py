"""Catalogue entries given in Python (``Session(catalog_text=...)``): TOML text as it is, or a dict of
kinds, keys and fields written as the TOML of a catalogue file (docs/catalogue.md section 1)."""
import json
from typing import Any, Mapping, Union

CatalogText = Union[str, Mapping[str, Mapping[str, Mapping[str, Any]]]]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"a catalogue field is a str, number, bool, list or dict, not {value!r}")


def catalog_toml(entries: CatalogText) -> str:
    """The TOML of ``entries``: a str as it is; ``{"Node": {"Four_H100": {"accelerator": "H100", ...}}}``
    as ``[Node.Four_H100]`` tables, quantities written as the catalogue writes them (``"900 GB/s"``)."""
    if isinstance(entries, str):
        return entries
    if not isinstance(entries, Mapping):
        raise TypeError(f"catalog_text is TOML text or a dict of kinds, keys and fields, not {entries!r}")
    lines = []
    for kind, keyed in entries.items():
        for key, fields in keyed.items():
            lines.append(f"[{kind}.{key}]")
            lines.extend(f"{name} = {_toml_value(value)}" for name, value in fields.items())
            lines.append("")
    return "\n".join(lines)
