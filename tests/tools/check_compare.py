"""Check that a comparison says one thing in every format.

usage: python3 check_compare.py agree TEXT CSV JSON MARKDOWN GP
       python3 check_compare.py rules JSON [JSON...]

agree: the same kbench analyze --compare (or kbench plot compare) in each
format: the text table, the CSV, the JSON, the Markdown table and the
forest plot's gnuplot script.  Every row's centers, change, interval, p,
verdict and flags must agree: exactly between CSV and JSON (both carry
full precision), to the printed digits between them and the text, cell
for cell between text and Markdown, and exactly between JSON and the
chart's data.

rules: the verdict rule of kbench(1) holds in every row: a verdict needs
an interval clear of 0 (an end at 0 itself counts when it is open: the raw
p below the interval's alpha), an adjusted p below alpha and a change of
at least the threshold, in the direction of the better side; a row whose
interval excludes 0 without a verdict, or whose p is below alpha without
one, carries a note that says why; the estimate lies in its interval; the
scale is "ratio" exactly when every value is positive; a row counted in
samples, or blind to the run-to-run variation, says so.

Both check the unit of evidence: CSV and JSON agree on it (unit, n_units,
paired, between_runs, method, runs, the noise floor, an open end) and the
text's n column shows the JSON's n_units.

Prints one problem a line; exits 1 if there is any.
"""
import csv
import json
import math
import re
import sys

problems = []


def bad(msg):
    problems.append(msg)


def close(a, b, rel, what):
    if a is None or b is None:
        if a != b:
            bad("%s: %r vs %r" % (what, a, b))
        return
    if math.isinf(a) or math.isinf(b):
        if a != b:
            bad("%s: %r vs %r" % (what, a, b))
        return
    if abs(a - b) > rel * max(abs(a), abs(b)) + 1e-300:
        bad("%s: %r vs %r (rel %g)" % (what, a, b, rel))


def num(s):
    """A CSV field: '' is absent (NaN), 'inf' is infinite."""
    if s == "":
        return None
    return float(s)


def jnum(v):
    return None if v is None else float(v)


def load_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


# What each letter of the "!" column stands for, as the JSON says it: a
# phrase of the groups' warnings (f o b v) or of the comparison's notes.
GROUP_FLAGS = (("f", "too few for a"), ("o", "outliers"), ("b", "bimodal"),
               ("v", "CV "))
NOTE_FLAGS = (("a", "difference B - A"), ("n", "interval of the change:"),
              ("i", "not called"), ("t", "threshold"),
              ("m", "Hodges-Lehmann estimate and the change of the medians"),
              ("u", "samples assumed independent"),
              ("r", "run-to-run variation unmeasured"),
              ("p", "left out of the pairs"), ("z", "that end is open"))
FLAG_ORDER = "fobvanitmurpz"


def flags_of(row, jc):
    """The letters the "!" column should show, from the JSON."""
    warn = jc["a"]["warnings"] + " " + jc["b"]["warnings"]
    got = {c for c, phrase in GROUP_FLAGS if phrase in warn}
    got |= {c for c, phrase in NOTE_FLAGS if phrase in jc["notes"]}
    return "".join(c for c in FLAG_ORDER if c in got)


def parse_change(cell, scale, unit):
    """'+5.12%' -> 0.0512; '-3.2 us' -> -3.2; '-' -> None."""
    if cell == "-":
        return None
    if scale == "ratio":
        if not cell.endswith("%"):
            bad("ratio change without %%: %r" % cell)
            return None
        v = cell[:-1]
        return float(v) / 100
    if unit and cell.endswith(" " + unit):
        cell = cell[: -len(unit) - 1]
    return float(cell)


def ratio_close(printed, exact):
    """A ratio change as the text prints it: to 0.01% (%+.2f%%), or to
    3 digits past 1e6% (%+.3g%%)."""
    if abs(exact) * 100 >= 1e6:
        return abs(printed - exact) <= 5e-3 * abs(exact)
    return abs(printed - exact) <= 0.0000501


def unmd(cell):
    """A Markdown cell's text: CommonMark's backslash escapes undone."""
    cell = cell.replace("&#8203;@", "@")
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", cell)


def unit_agree(what, r, c):
    """The unit of evidence, CSV against JSON, and against the notes."""
    pairs = (("evidence_unit", "unit"), ("between_runs", "between_runs"),
             ("test_method", "method"))
    for ck, jk in pairs:
        if r[ck] != c[jk]:
            bad("%s: %s %r vs %s %r" % (what, ck, r[ck], jk, c[jk]))
    if [int(r["n_units_a"]), int(r["n_units_b"])] != c["n_units"]:
        bad("%s: n_units %r/%r vs %r" % (what, r["n_units_a"],
                                         r["n_units_b"], c["n_units"]))
    if [int(r["runs_a"]), int(r["runs_b"])] != c["runs"]:
        bad("%s: runs %r/%r vs %r" % (what, r["runs_a"], r["runs_b"],
                                      c["runs"]))
    if (r["paired"] == "true") != c["paired"]:
        bad("%s: paired %r vs %r" % (what, r["paired"], c["paired"]))
    if (r["interval_open"] or None) != c["change_ci_open"]:
        bad("%s: interval_open %r vs %r" % (what, r["interval_open"],
                                            c["change_ci_open"]))
    nf = c["noise_floor"]
    if int(r["noise_floor_runs"]) != (0 if nf is None else nf["runs"]):
        bad("%s: noise_floor_runs %r vs %r" % (what, r["noise_floor_runs"],
                                               nf))
    if (r["noise_floor_used"] == "true") != (nf is not None and nf["used"]):
        bad("%s: noise_floor_used %r vs %r" % (what, r["noise_floor_used"],
                                               nf))


def n_cell_agree(what, cell, c):
    """The text's n column: "5/5", "12" (pairs), "5/5 rounds" (mixed)."""
    words = {"sample": "samples", "round": "rounds", "run": "runs"}
    f = cell.split(" ")
    if len(f) == 2:
        want = "pairs" if c["paired"] else words[c["unit"]]
        if f[1] != want:
            bad("%s: n cell %r, json unit %s" % (what, cell, c["unit"]))
    if c["paired"]:
        if f[0] != str(c["n_units"][0]):
            bad("%s: n cell %r vs %r pairs" % (what, cell, c["n_units"]))
    elif f[0] != "%d/%d" % tuple(c["n_units"]):
        bad("%s: n cell %r vs %r" % (what, cell, c["n_units"]))


def agree(text, csvp, jsonp, mdp, gpp):
    rows = load_csv(csvp)
    with open(jsonp) as f:
        j = json.load(f)
    comps = j["comparisons"]
    if len(rows) != len(comps):
        bad("csv has %d rows, json %d" % (len(rows), len(comps)))
        return
    # CSV against JSON: exactly.
    for i, (r, c) in enumerate(zip(rows, comps)):
        what = "row %d (%s)" % (i, r["series"])
        if r["series"] != c["a"]["series"]:
            bad("%s: series %r vs %r" % (what, r["series"], c["a"]["series"]))
        for k in ("center_a", "center_b", "change", "centers_change", "p"):
            close(num(r[k]), jnum(c[k]), 0, "%s %s csv/json" % (what, k))
        close(num(r["p_adjusted"]), jnum(c["p_adjusted"]), 0,
              "%s p_adjusted csv/json" % what)
        ci = c["change_ci"]
        close(num(r["change_lo"]), None if ci is None else ci["lo"], 0,
              "%s change_lo csv/json" % what)
        close(num(r["change_hi"]), None if ci is None else ci["hi"], 0,
              "%s change_hi csv/json" % what)
        for k in ("verdict", "scale", "estimator", "notes"):
            if r[k] != c[k]:
                bad("%s: %s %r vs %r" % (what, k, r[k], c[k]))
        close(num(r["interval_level"]), jnum(j["interval_level"]), 0,
              "%s interval_level csv/json" % what)
        unit_agree(what, r, c)
    # Text against JSON, to the printed digits; Markdown against text,
    # cell for cell.
    keycols = list(rows[0].keys())[1:list(rows[0].keys()).index("unit")]
    unit = rows[0]["unit"] if rows else ""
    with open(text) as f:
        tlines = f.read().split("\n")
    # The table: the first block (between blank lines) whose heading has
    # a verdict column; above it may stand the facts the sides differ in.
    start = tlines.index("") + 1
    while start < len(tlines) and "verdict" not in tlines[start]:
        start = tlines.index("", start) + 1
    table = tlines[start:tlines.index("", start)]
    with open(mdp) as f:
        mlines = f.read().split("\n")
    md = [l for l in mlines if l.startswith("|")]
    # Cells as Markdown shows them: backslash escapes (lib/table.c
    # md_text) taken off, the pipes inside a cell escaped too.
    md = [re.sub(r"\\\|", "\x00", l) for l in md]
    mdcells = [[unmd(x.strip()).replace("\x00", "|")
                for x in l.strip("|").split("|")] for l in md]
    mdhead, mdrows = mdcells[0], mdcells[2:]
    if len(mdrows) != len(comps):
        bad("markdown has %d rows, json %d" % (len(mdrows), len(comps)))
        return
    col = {h: i for i, h in enumerate(mdhead)}
    chg = [h for h in mdhead if h.startswith("change")][0]
    cih = [h for h in mdhead if h.endswith("CI")]
    for i, (cells, c, r) in enumerate(zip(mdrows, comps, rows)):
        what = "row %d (%s)" % (i, r["series"])
        # the text row holds the same cells in the same order
        trow = table[i + 1]
        pos = 0
        for cell in cells:
            if cell == "":
                continue
            k = trow.find(cell, pos)
            if k < 0:
                bad("%s: markdown cell %r not in the text row %r" %
                    (what, cell, trow))
                break
            pos = k + len(cell)
        for kc in keycols:
            # A key named like a column (p, verdict) is headed key.NAME.
            jk = kc if kc in c["a"]["keys"] or not kc.startswith("key.") \
                else kc[4:]
            if cells[col[kc]] != (c["a"]["keys"].get(jk) or "-"):
                bad("%s: key %s %r" % (what, kc, cells[col[kc]]))
        if cells[col["verdict"]] != c["verdict"]:
            bad("%s: verdict %r vs %r" % (what, cells[col["verdict"]],
                                          c["verdict"]))
        v = parse_change(cells[col[chg]], c["scale"], unit)
        if c["change"] is None:
            if v is not None and not math.isinf(v):
                bad("%s: change %r where json has none" % (what, v))
        elif c["scale"] == "ratio":
            if not ratio_close(v, c["change"]) and not math.isinf(c["change"]):
                bad("%s: change %r vs %r" % (what, v, c["change"]))
        else:
            close(v, c["change"], 6e-4, "%s change text/json" % what)
        if cih:
            cell = cells[col[cih[0]]]
            ci = c["change_ci"]
            if ci is None:
                if cell != "-":
                    bad("%s: interval %r where json has none" % (what, cell))
            else:
                lo, hi = cell.split(" .. ")
                opened = c["change_ci_open"]
                for t, w, end in ((lo, ci["lo"], "lo"), (hi, ci["hi"], "hi")):
                    if t in (">0", "<0"):
                        if opened != end or w != 0 or \
                           (t == ">0") != (end == "lo"):
                            bad("%s: open end %r, json %r %r" %
                                (what, t, opened, w))
                        continue
                    if opened == end:
                        bad("%s: json's %s end is open, text %r" %
                            (what, end, t))
                    x = parse_change(t, c["scale"], unit)
                    if c["scale"] == "ratio":
                        if not ratio_close(x, w):
                            bad("%s: bound %r vs %r" % (what, x, w))
                    else:
                        close(x, w, 6e-4, "%s bound text/json" % what)
            lvl = float(cih[0].split("%")[0])
            close(lvl, j["interval_level"], 6e-4, "interval level header")
        elif c["change_ci"] is not None:
            bad("%s: no interval column, json has one" % what)
        if "p" in col:
            cell = cells[col["p"]]
            if c["p_adjusted"] is None:
                if cell != "-":
                    bad("%s: p %r where json has none" % (what, cell))
            elif cell == "<1e-300":
                if c["p_adjusted"] >= 1e-300:
                    bad("%s: p <1e-300 vs %r" % (what, c["p_adjusted"]))
            else:
                close(float(cell), c["p_adjusted"], 5e-3,
                      "%s p text/json" % what)
        ncol = [h for h in mdhead if h in ("n", "rounds", "runs", "pairs")]
        if ncol:
            n_cell_agree(what, cells[col[ncol[0]]], c)
        else:
            bad("%s: no n column" % what)
        got = cells[col["!"]] if "!" in col else ""
        want = flags_of(r, c)
        if got != want:
            bad("%s: flags %r, notes and warnings say %r" % (what, got, want))
    # The chart: each drawn row is in the block of its verdict, with its
    # interval or in the "no interval" block, at the JSON's numbers.
    if gpp:
        check_gp(gpp, comps)


def check_gp(gpp, comps):
    with open(gpp) as f:
        gp = f.read()
    blocks = dict(re.findall(r"\$(\w+) << EOD\n(.*?)EOD\n", gp, re.S))
    for panel, scale in (("r", "ratio"), ("s", "shift")):
        inpanel = [c for c in comps if c["scale"] == scale and
                   c["change"] is not None and not math.isinf(c["change"])]
        n = len(inpanel)
        drawn = {}
        for name, body in blocks.items():
            m = re.match(r"%s_(improved|regressed|same|untested)(_n)?$" % panel,
                         name)
            if not m:
                continue
            for line in body.strip().split("\n"):
                if not line:
                    continue
                f = line.split()
                drawn[int(float(f[0]))] = (m.group(1), m.group(2) is None,
                                           [float(x) for x in f[1:]])
        if len(drawn) != n:
            bad("chart panel %s draws %d rows, json has %d" %
                (panel, len(drawn), n))
            continue
        scale100 = 100 if scale == "ratio" else 1
        for k, c in enumerate(inpanel):
            y = n - k
            if y not in drawn:
                bad("chart: row %s not drawn" % c["a"]["series"])
                continue
            verdict, hasci, vals = drawn[y]
            want = {"~": "same"}.get(c["verdict"], c["verdict"])
            if verdict != want:
                bad("chart: %s drawn as %s, verdict %s" %
                    (c["a"]["series"], verdict, c["verdict"]))
            if hasci != (c["change_ci"] is not None):
                bad("chart: %s interval drawn %s, json %s" %
                    (c["a"]["series"], hasci, c["change_ci"]))
            close(vals[0], scale100 * c["change"], 1e-15,
                  "chart %s change" % c["a"]["series"])
            if hasci:
                close(vals[1], scale100 * c["change_ci"]["lo"], 1e-15,
                      "chart %s lo" % c["a"]["series"])
                close(vals[2], scale100 * c["change_ci"]["hi"], 1e-15,
                      "chart %s hi" % c["a"]["series"])


def rules(path):
    with open(path) as f:
        j = json.load(f)
    alpha = 1 - j["level"] / 100
    thr = j["threshold_pct"]
    for c in j["comparisons"]:
        what = "%s: %s" % (path, c["a"]["series"])
        ci = c["change_ci"]
        est = c["change"]
        pos = c["a"]["min"] > 0 and c["b"]["min"] > 0
        if (c["scale"] == "ratio") != pos:
            bad("%s: scale %s, min values %r %r" %
                (what, c["scale"], c["a"]["min"], c["b"]["min"]))
        if ci is not None and est is not None:
            if not ci["lo"] <= est <= ci["hi"]:
                bad("%s: estimate %r outside its interval %r" % (what, est, ci))
        clear = ci is not None and (ci["lo"] > 0 or ci["hi"] < 0)
        opened = c["change_ci_open"]
        if opened is not None:
            # An end at 0 itself, open: the raw p below the interval's
            # alpha, the estimate on the open side.
            end = ci["lo"] if opened == "lo" else ci["hi"]
            a1 = 1 - j["interval_level"] / 100
            if end != 0 or c["p"] is None or not c["p"] < a1 or \
               (est > 0) != (opened == "lo"):
                bad("%s: open %s end without a 0 end, p < %g and the "
                    "estimate beside it" % (what, opened, a1))
            clear = True
        sig = c["p_adjusted"] is not None and c["p_adjusted"] < alpha
        if c["unit"] == "sample" and "samples assumed independent" not in c["notes"]:
            bad("%s: samples as the unit, unsaid" % what)
        if c["between_runs"] == "unmeasured" and \
           "run-to-run variation unmeasured" not in c["notes"]:
            bad("%s: run-to-run variation unmeasured, unsaid" % what)
        if c["paired"] and c["n_units"][0] != c["n_units"][1]:
            bad("%s: paired with %r units" % (what, c["n_units"]))
        v = c["verdict"]
        if v in ("improved", "regressed"):
            if not (clear and sig):
                bad("%s: %s without a clear interval and p < alpha" % (what, v))
            if c["scale"] == "ratio":
                size = abs(est) * 100
            else:
                ca = c["center_a"]
                size = math.inf if ca == 0 else abs(est) / abs(ca) * 100
            if size < thr:
                bad("%s: %s below the threshold" % (what, v))
            lower = c["a"]["better"] == "lower"
            if (est < 0) != lower and v == "improved":
                bad("%s: improved in the wrong direction" % what)
            if (est < 0) == lower and v == "regressed":
                bad("%s: regressed in the wrong direction" % what)
        elif v == "~":
            if clear and not c["notes"]:
                bad("%s: interval clear of 0, ~, no note" % what)
            if sig and not c["notes"]:
                bad("%s: p < alpha, ~, no note" % what)
            if clear and sig and "threshold" not in c["notes"]:
                bad("%s: significant both ways but ~, not said why" % what)
        elif v == "untested":
            if ci is not None:
                bad("%s: untested with an interval" % what)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "rules":
        for p in sys.argv[2:]:
            rules(p)
    elif len(sys.argv) in (6, 7) and sys.argv[1] == "agree":
        agree(*sys.argv[2:6], sys.argv[6] if len(sys.argv) == 7 else None)
    else:
        sys.exit(__doc__)
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


main()
