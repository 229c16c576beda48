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
an interval clear of 0, an adjusted p below alpha and a change of at least
the threshold, in the direction of the better side; a row whose interval
excludes 0 without a verdict, or whose p is below alpha without one,
carries a note that says why; the estimate lies in its interval; the
scale is "ratio" exactly when every value is positive.

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
              ("m", "Hodges-Lehmann estimate and the change of the medians"))


def flags_of(row, jc):
    """The letters the "!" column should show, from the JSON."""
    warn = jc["a"]["warnings"] + " " + jc["b"]["warnings"]
    got = {c for c, phrase in GROUP_FLAGS if phrase in warn}
    got |= {c for c, phrase in NOTE_FLAGS if phrase in jc["notes"]}
    return "".join(c for c in "fobvanitm" if c in got)


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


def unmd(cell):
    """A Markdown cell's text: CommonMark's backslash escapes undone."""
    cell = cell.replace("&#8203;@", "@")
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", cell)


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
    # Text against JSON, to the printed digits; Markdown against text,
    # cell for cell.
    keycols = list(rows[0].keys())[1:list(rows[0].keys()).index("unit")]
    unit = rows[0]["unit"] if rows else ""
    with open(text) as f:
        tlines = f.read().split("\n")
    start = tlines.index("") + 1
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
            if cells[col[kc]] != (c["a"]["keys"].get(kc) or "-"):
                bad("%s: key %s %r" % (what, kc, cells[col[kc]]))
        if cells[col["verdict"]] != c["verdict"]:
            bad("%s: verdict %r vs %r" % (what, cells[col["verdict"]],
                                          c["verdict"]))
        v = parse_change(cells[col[chg]], c["scale"], unit)
        if c["change"] is None:
            if v is not None and not math.isinf(v):
                bad("%s: change %r where json has none" % (what, v))
        elif c["scale"] == "ratio":
            if abs(v - c["change"]) > 0.0000501 and not math.isinf(c["change"]):
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
                for t, w in ((lo, ci["lo"]), (hi, ci["hi"])):
                    x = parse_change(t, c["scale"], unit)
                    if c["scale"] == "ratio":
                        if abs(x - w) > 0.0000501:
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
        sig = c["p_adjusted"] is not None and c["p_adjusted"] < alpha
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
