"""Validates schemas/layout.schema.json and every document in examples/ against it.

Run: python3 -m pytest -q Tests/python/test_schema.py
"""
import copy
import json
import pathlib

import pytest
from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "schemas" / "layout.schema.json"
EXAMPLES_DIR = ROOT / "examples"

# Example files that deliberately break the *format* (unknown keys, misspelt enum values, wrong types).
# They must FAIL schema validation; every other example must pass, including the mistakes-* files whose
# mistakes are semantic (the linter reports them, the schema cannot).
FORMAT_ERROR_EXAMPLES = {
    "mistakes-format.layout.json",
}


# --------------------------------------------------------------------------------------------------
# JSONC -> JSON: strip // and /* */ comments outside strings, then drop trailing commas.
# --------------------------------------------------------------------------------------------------

def strip_jsonc(text: str) -> str:
    out = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
            out.append(c)
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] not in "\r\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("unterminated /* comment")
            # keep line structure so json error positions stay meaningful
            out.append("".join(ch for ch in text[i:end + 2] if ch in "\r\n") or " ")
            i = end + 2
        else:
            out.append(c)
            i += 1
    return _drop_trailing_commas("".join(out))


def _drop_trailing_commas(text: str) -> str:
    out = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
        elif c == ",":
            j = i + 1
            while j < n and text[j] in " \t\r\n":
                j += 1
            if j < n and text[j] in "]}":
                i += 1  # drop the comma, keep the whitespace
                continue
        out.append(c)
        i += 1
    return "".join(out)


def load_jsonc(path: pathlib.Path):
    return json.loads(strip_jsonc(path.read_text(encoding="utf-8")))


def test_jsonc_converter():
    text = '''{
      // line comment with "quotes" and a trailing comma,
      "a": "http://x.y/*not a comment*/", /* block
      comment */ "b": [1, 2, 3,],
      "c": {"d": "// still a string", "e": "escaped \\" quote, }",},
    }'''
    assert json.loads(strip_jsonc(text)) == {
        "a": "http://x.y/*not a comment*/",
        "b": [1, 2, 3],
        "c": {"d": "// still a string", "e": 'escaped " quote, }'},
    }


# --------------------------------------------------------------------------------------------------
# The schema itself
# --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(validator, doc):
    return sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))


def test_schema_is_valid_draft_2020_12():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_has_descriptions_everywhere():
    """Every definition carries a description: VS Code shows them as tooltips."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    missing = [name for name, d in schema["$defs"].items() if "description" not in d]
    assert not missing, missing
    for name in ("item", "group", "section", "boundarySupplementaryItem", "reference"):
        for key, sub in schema["$defs"][name]["properties"].items():
            assert "description" in sub or "$ref" in sub, (name, key)


# --------------------------------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------------------------------

EXAMPLES = sorted(p for p in EXAMPLES_DIR.iterdir()
                  if p.name.endswith(".layout.json") or p.name.endswith(".layout.jsonc"))


def test_there_are_enough_examples():
    assert len(EXAMPLES) >= 14
    mistakes = [p for p in EXAMPLES if p.name.startswith("mistakes-")]
    assert len(mistakes) >= 4
    listed = {p.name for p in EXAMPLES}
    assert FORMAT_ERROR_EXAMPLES <= listed, FORMAT_ERROR_EXAMPLES - listed


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_against_schema(validator, path):
    doc = load_jsonc(path)
    assert doc.get("$schema") == "../schemas/layout.schema.json"
    errs = errors(validator, doc)
    if path.name in FORMAT_ERROR_EXAMPLES:
        assert errs, f"{path.name} carries deliberate format errors but validates"
    else:
        assert not errs, "\n".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in errs)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_is_listed_in_readme(path):
    readme = (EXAMPLES_DIR / "README.md").read_text(encoding="utf-8")
    assert path.name in readme


def test_format_error_example_fails_where_its_comments_say():
    """mistakes-format marks each deliberate format error; each must be one the schema reports."""
    doc = load_jsonc(EXAMPLES_DIR / "mistakes-format.layout.json")
    v = Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    paths = {"/" + "/".join(map(str, e.absolute_path)) for e in v.iter_errors(doc)}
    expected = {
        "/environments/1",                        # invalid-value: "iPhone 99"
        "/sections/0",                            # unknown-property: contentInset
        "/sections/1/orthogonalScrollingBehavior",  # invalid-value: "pagin"
        "/sections/2/group",                      # invalid-value: subitems and subitem + count
        "/sections/3/group/height",               # invalid-value: "fractional(1)"
        "/sections/4/group/count",                # wrong-type: "3"
        "/sections/5/group/subitems/0",           # missing-property: height
        "/sections/6/interGroupSpacing",          # wrong-type: "fixed(10)"
    }
    assert paths == expected


# --------------------------------------------------------------------------------------------------
# Hand-written documents
# --------------------------------------------------------------------------------------------------

ITEM = {"width": "fractionalWidth(1)", "height": "fractionalHeight(1)"}
GROUP = {"direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ITEM]}


def doc_with(section=None, **root):
    d = {"$schema": "../schemas/layout.schema.json", "sections": [section or {"group": copy.deepcopy(GROUP)}]}
    d.update(root)
    return d


def with_group(**changes):
    g = copy.deepcopy(GROUP)
    for k, v in changes.items():
        if v is None:
            g.pop(k, None)
        else:
            g[k] = v
    return doc_with({"group": g})


def with_item(**changes):
    item = dict(ITEM, **changes)
    return with_group(subitems=[item])


BAD = {
    "edge-spacing-definition-misspelt": doc_with(definitions={"gap": {"leading": "fixd(8)"}}),
    "insets-definition-with-another-key": doc_with(definitions={"pad": {"top": 8, "left": 8}}),
    "width-wrong-type": with_item(width=True),
    "width-object": with_item(width={"fractionalWidth": 1}),
    "unknown-key-contentInset": with_item(contentInset=5),
    "unknown-section-key": doc_with({"group": GROUP, "contentInset": 10}),
    "dimension-fractional": with_item(width="fractional(1)"),
    "dimension-missing-paren": with_item(width="fractionalWidth(1"),
    "dimension-absolute-fraction": with_item(height="absolute(1/3)"),
    "dimension-estimated-word": with_item(height="estimated"),
    "dimension-uniform-no-label": with_item(height="uniformAcrossSiblings(100)"),
    "orthogonal-pagin": doc_with({"group": GROUP, "orthogonalScrollingBehavior": "pagin"}),
    "group-subitems-and-subitem": with_group(subitem=ITEM, count=3),
    "group-subitems-and-subitem-without-count": with_group(subitem=ITEM),
    "group-subitem-without-count": with_group(subitems=None, subitem=ITEM),
    "group-count-without-subitem": with_group(count=3),
    "group-repeating-and-subitem": with_group(subitems=None, subitem=ITEM, repeatingSubitem=ITEM, count=2),
    "group-no-subitems": with_group(subitems=None),
    "group-frames-not-custom": with_group(subitems=None, frames=[[0, 0, 10, 10]]),
    "group-custom-with-subitems": with_group(direction="custom"),
    "group-direction-diagonal": with_group(direction="diagonal"),
    "group-missing-height": with_group(height=None),
    "item-missing-width": with_group(subitems=[{"height": "absolute(44)"}]),
    "missing-sections": {"$schema": "../schemas/layout.schema.json"},
    "empty-sections": {"sections": []},
    "section-without-group": doc_with({"name": "empty"}),
    "section-group-is-an-item": doc_with({"group": ITEM}),
    "insets-array-of-3": with_item(contentInsets=[1, 2, 3]),
    "insets-unknown-edge": with_item(contentInsets={"left": 8}),
    "insets-string": with_item(contentInsets="8"),
    "environment-iphone-99": doc_with(environments=["iPhone 99"]),
    "environment-lowercase": doc_with(environments=["iphone 12"]),
    "environment-landscape-typo": doc_with(environments=["iPhone 12 Landscape"]),
    "environment-custom-without-width": doc_with(environments=[{"name": "x", "height": 300}]),
    "environment-custom-unknown-key": doc_with(environments=[{"name": "x", "width": 1, "height": 1, "dpi": 3}]),
    "count-as-string": with_group(subitems=None, subitem=ITEM, count="3"),
    "count-as-float": with_group(subitems=None, subitem=ITEM, count=2.5),
    "spacing-bad": with_group(interItemSpacing="fixed"),
    "spacing-absolute": with_group(interItemSpacing="absolute(8)"),
    "edge-spacing-unknown-edge": with_item(edgeSpacing={"left": "fixed(8)"}),
    "edge-spacing-bad-value": with_item(edgeSpacing={"top": "8pt"}),
    "alignment-bad": doc_with({"group": GROUP, "boundarySupplementaryItems": [
        {"elementKind": "header", "width": "fractionalWidth(1)", "height": 44, "alignment": "center"}]}),
    "boundary-without-kind": doc_with({"group": GROUP, "boundarySupplementaryItems": [
        {"width": "fractionalWidth(1)", "height": 44, "alignment": "top"}]}),
    "badge-both-offsets": with_item(supplementaryItems=[{"elementKind": "badge", "width": 20, "height": 20,
        "containerAnchor": {"edges": "topTrailing", "offset": [1, 1], "fractionalOffset": [0.3, -0.3]}}]),
    "decoration-with-alignment": doc_with({"group": GROUP, "decorationItems": [
        {"elementKind": "background", "alignment": "top"}]}),
    "content-insets-reference-bad": doc_with({"group": GROUP, "contentInsetsReference": "safearea"}),
    "scroll-direction-bad": doc_with(configuration={"scrollDirection": "diagonal"}),
    "configuration-unknown-key": doc_with(configuration={"interGroupSpacing": 10}),
    "variant-without-when": doc_with({"group": GROUP, "variants": [{"group": GROUP}]}),
    "variant-when-unknown-key": doc_with({"group": GROUP, "variants": [{"when": {"minwidth": 800}}]}),
    "variant-size-class-bad": doc_with({"group": GROUP, "variants": [{"when": {"horizontalSizeClass": "large"}}]}),
    "ref-override-typo": with_group(subitems=[{"$ref": "#/definitions/cell", "contentInset": 4}]),
    "ref-override-wrong-type": with_group(subitems=[{"$ref": "#/definitions/cell", "width": False}]),
    "ref-not-a-pointer": with_group(subitems=[{"$ref": "definitions/cell"}]),
    "root-unknown-key": doc_with(layout={}),
    "definitions-not-object": doc_with(definitions=[ITEM]),
}

GOOD = {
    "bare-number-dimension": with_item(width=100, height=44.5),
    "fraction-one-third": with_item(width="fractionalWidth(1/3)"),
    "fraction-decimal-over-decimal": with_item(width="fractionalWidth(1.0/3.0)"),
    "fraction-spaced": with_item(width="fractionalWidth( 1 / 3 )"),
    "estimated-and-uniform": with_group(height="estimated(100)", subitems=[
        {"width": "fractionalWidth(1/2)", "height": "uniformAcrossSiblings(estimate: 100)"}]),
    "ref-with-override": dict(with_group(subitems=[{"$ref": "#/definitions/cell", "width": "fractionalWidth(1/3)", "contentInsets": 2}]),
                              definitions={"cell": ITEM}),
    "ref-to-section-group-with-count": doc_with({"group": {"direction": "horizontal", "width": "fractionalWidth(1)", "height": 100,
                                                           "subitem": ITEM, "count": 3},
                                                 "variants": [{"when": {"minWidth": 801}, "group": {"$ref": "#/sections/0/group", "count": 6}}]}),
    "custom-environment": doc_with(environments=["iPhone 12", "iPhone 12 landscape", "iPad Pro 12.9 landscape",
                                                 {"name": "Split View", "width": 320, "height": 1180, "scale": 2,
                                                  "horizontalSizeClass": "compact", "verticalSizeClass": "regular",
                                                  "safeAreaInsets": {"top": 24, "bottom": 20}, "layoutMargins": [0, 16, 0, 16],
                                                  "readableContentWidth": 288}]),
    "insets-object-top-only": with_item(contentInsets={"top": 8}),
    "insets-number-and-array": doc_with({"group": dict(GROUP, contentInsets=[0, 16, 0, 16]), "contentInsets": 20}),
    "variants": doc_with({"name": "grid", "group": GROUP, "variants": [
        {"when": {"minWidth": 801, "verticalSizeClass": "compact"}, "interGroupSpacing": 4},
        {"when": {"horizontalSizeClass": "regular", "environment": "iPad"}, "contentInsets": 20, "orthogonalScrollingBehavior": "none"},
        {"when": {"maxWidth": 400}, "group": {"$ref": "#/sections/0/group", "height": "absolute(60)"}}]}),
    "variants-without-own-group": doc_with({"variants": [{"when": {}, "group": GROUP}]}),
    "repeating-subitem": with_group(subitems=None, repeatingSubitem=ITEM, count=4, interItemSpacing="flexible(0)"),
    "custom-group": with_group(direction="custom", subitems=None, frames=[[0, 0, 100, 100], [110, 0, 50, 50]]),
    "edge-spacing-with-null": with_item(edgeSpacing={"leading": None, "top": "fixed(8)", "trailing": 8, "bottom": "flexible(0)"}),
    "badge": with_item(supplementaryItems=[{"elementKind": "badge", "width": "absolute(20)", "height": "absolute(20)",
                                            "containerAnchor": {"edges": "topTrailing", "fractionalOffset": [0.3, -0.3]},
                                            "itemAnchor": {"edges": "none"}, "zIndex": 3}]),
    "header-footer-background": doc_with({"group": GROUP, "supplementaryContentInsetsReference": "none",
                                          "boundarySupplementaryItems": [
                                              {"elementKind": "header", "width": "fractionalWidth(1)", "height": "estimated(44)",
                                               "alignment": "top", "pinToVisibleBounds": True, "zIndex": 2},
                                              {"elementKind": "footer", "width": "fractionalWidth(1)", "height": 30,
                                               "alignment": "bottom", "extendsBoundary": False, "absoluteOffset": [0, 10]}],
                                          "decorationItems": [{"elementKind": "background", "contentInsets": 8, "zIndex": -1}]},
                                         configuration={"scrollDirection": "vertical", "interSectionSpacing": 20,
                                                        "contentInsetsReference": "layoutMargins",
                                                        "boundarySupplementaryItems": [{"elementKind": "global-header", "width": "fractionalWidth(1)",
                                                                                        "height": "absolute(60)", "alignment": "top"}]}),
    "definitions-of-every-kind": dict(doc_with({"$ref": "#/definitions/section", "name": "copy"}), definitions={
        "cell": ITEM, "row": GROUP, "rowRef": {"$ref": "#/definitions/row", "height": 60},
        "header": {"elementKind": "header", "width": "fractionalWidth(1)", "height": 44, "alignment": "top"},
        "badge": {"elementKind": "badge", "width": 20, "height": 20, "containerAnchor": {"edges": "topTrailing"}},
        "background": {"elementKind": "background"},
        "section": {"group": GROUP}}),
    "negative-and-zero-values-are-semantic": with_item(width="absolute(0)", height="fractionalHeight(-1)"),
    "jsonc-schema-key": doc_with(),
    # Insets and edge spacing through a `$ref`, with edges of their own (the builder follows both).
    "insets-and-edge-spacing-by-ref": with_group(subitems=[
        dict(ITEM, contentInsets={"top": 8}, edgeSpacing={"leading": "fixed(4)"}),
        dict(ITEM, contentInsets={"$ref": "#/sections/0/group/subitems/0/contentInsets", "leading": 5},
             edgeSpacing={"$ref": "#/sections/0/group/subitems/0/edgeSpacing"})]),
    # Insets and edge spacing kept in the definitions for those references (the builder checks them as such).
    "insets-and-edge-spacing-definitions": dict(
        with_item(contentInsets={"$ref": "#/definitions/pad", "top": 4}, edgeSpacing={"$ref": "#/definitions/gap"}),
        definitions={"pad": {"top": 8, "bottom": 8}, "gap": {"leading": "fixed(8)", "trailing": 4}, "unused": {"leading": 2}}),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_documents_fail(validator, name):
    assert errors(validator, BAD[name]), f"{name} should not validate"


@pytest.mark.parametrize("name", sorted(GOOD))
def test_good_documents_pass(validator, name):
    errs = errors(validator, GOOD[name])
    assert not errs, "\n".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in errs)


def test_counts():
    assert len(BAD) >= 10 and len(GOOD) >= 6
