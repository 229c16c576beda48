#!/usr/bin/env python3
"""check_manpage.py KBENCH MANPAGE: every option a command's --help lists
is in kbench(1), in the command's own subsection (or, for the filters
every reading command shares, in DESCRIPTION's list of them), and every
option the man page gives a command is one its --help lists.

check_manpage.py --program PROGRAM MANPAGE: the same for a program of
one command (testsleep, lockbench, pfilbench-ctl): its --help against
the page's SYNOPSIS and option lists.

Prints one line per mismatch ("kbench.1: analyze: --confidence: in
--help, not in the man page") and exits 1 when there is any, else prints
the number of options checked and exits 0."""
import re
import subprocess
import sys

# An option line: "-l, --label LABEL", "--slack NS", "-q", or a list of
# options described together ("--by, -c, --confidence, --compare: as").
HELP_OPT = re.compile(r"^\s{2,8}(--?[A-Za-z0-9][A-Za-z0-9-]*"
                      r"(?:,\s+--?[A-Za-z0-9][A-Za-z0-9-]*)*)(?=[\s,:]|$)")


FILTERS = {"--label", "--run", "-b", "--benchmark", "--where", "--incomplete"}


def help_text(argv):
    r = subprocess.run(argv, capture_output=True, text=True)
    return r.stdout + r.stderr


def help_options(kbench, cmd, argv=None):
    """The options of the lines that describe them: a list of sets, the
    forms of one option each ({"-c", "--confidence"})."""
    out = help_text(argv or [kbench, "help", cmd])
    opts, usage = [], True
    for line in out.splitlines():
        if not line.strip():
            usage = False
        m = HELP_OPT.match(line)
        if m and not usage:
            names = re.split(r",\s+", m.group(1))
            if (len(names) == 2 and re.fullmatch(r"-[A-Za-z0-9]", names[0])
                    and names[1].startswith("--")):
                opts.append(set(names))	# -l, --label: one option
            else:
                opts.extend({n} for n in names)
        elif usage:
            # The usage lines: [-o DIR] [--format png|svg|both]...
            for tok in re.findall(r"(?<![\w-])(--?[A-Za-z][A-Za-z0-9-]*)",
                                  line):
                if re.fullmatch(r"-[A-Za-z]{2,}", tok):  # [-Anqs]
                    for c in tok[1:]:
                        if not any("-" + c in f for f in opts):
                            opts.append({"-" + c})
                elif not any(tok in f for f in opts):
                    opts.append({tok})
    return opts


def man_sections(path):
    """Subsection name -> its source lines; and DESCRIPTION's lines."""
    sections, cur, desc, in_desc = {}, None, [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(".Sh "):
                in_desc = line.strip() == ".Sh DESCRIPTION"
                cur = None
                continue
            if line.startswith(".Ss "):
                cur = line[4:].strip()
                sections[cur] = []
                continue
            if cur is not None:
                sections[cur].append(line)
            elif in_desc:
                desc.append(line)
    return sections, desc


def fl_names(line):
    """The options Fl names on a macro line, as mdoc renders them: Fl
    prefixes each word up to the next macro, across "," and "|":
    "Fl -where" --where, "Fl c , -confidence" -c --confidence, "Fl q | v"
    -q -v, "Fl Anqs" (flags run together) -A -n -q -s."""
    names, on = set(), False
    for tok in line.lstrip(".").split():
        if re.fullmatch(r"[A-Z][a-z][a-z]?", tok):	# a macro: Ar, Cm, Ns...
            on = tok == "Fl"
        elif on and tok in (",", "|"):
            continue
        elif on and re.fullmatch(r"-?-?[A-Za-z0-9][A-Za-z0-9-]*", tok):
            if not tok.startswith("-") and len(tok) > 1 and tok.isalpha():
                names.update("-" + c for c in tok)
            else:
                names.add("-" + tok)
        else:
            on = False
    return names


def man_options(lines):
    """(defined, named): the options the synopsis (before the first .Pp)
    and the .It lists define, and every option a macro line names."""
    defined, named, synopsis = set(), set(), True
    for line in lines:
        if line.startswith(".Pp"):
            synopsis = False
        if not line.startswith("."):
            continue
        names = fl_names(line)
        named |= names
        if synopsis or line.startswith((".It", ".Op")):
            defined |= names
    return defined, named


def verdict(bad, agreed):
    """Each mismatch once, in order, and 1; or the agreement and 0."""
    bad = list(dict.fromkeys(bad))
    for line in bad:
        print(line)
    if not bad:
        print(agreed)
    return 1 if bad else 0


def check_program(program, manpage):
    """One program's --help against its page's SYNOPSIS and lists."""
    lines, keep = [], False
    with open(manpage, encoding="utf-8") as f:
        for line in f:
            if line.startswith(".Sh "):
                keep = line.strip() in (".Sh SYNOPSIS", ".Sh DESCRIPTION",
                                        ".Sh OPTIONS")
                continue
            if keep:
                lines.append(line)
    defined = set()
    for line in lines:
        if line.startswith((".Op", ".It", ".Fl", ".Oo")):
            defined |= fl_names(line)
    hopts = help_options(None, None, [program, "-h"])
    every = set().union(*hopts) if hopts else set()
    if "-h" in every:
        every.add("--help")	# every program takes it (lib/progopt.c)
    bad = ["%s: %s: in --help, not in the man page" % (manpage, o)
           for o in sorted(every - defined)]
    bad += ["%s: %s: in the man page, not in --help" % (manpage, o)
            for o in sorted(defined - every)]
    return verdict(bad, "%s: %d options: --help and the man page agree"
                   % (manpage, len(every)))


def main():
    if sys.argv[1] == "--program":
        return check_program(sys.argv[2], sys.argv[3])
    kbench, manpage = sys.argv[1], sys.argv[2]
    sections, desc = man_sections(manpage)
    # The filters every reading command shares, said once in DESCRIPTION
    # (and only those: a command's own option is in its own section).
    shared = man_options(desc)[1] & FILTERS
    bad, checked = [], 0
    # Every command kbench help lists has its subsection.
    listing = help_text([kbench, "help"])
    cmds = re.findall(r"^   ([a-z]+)  ", listing.split("Commands:")[1]
                      .split("Options:")[0], re.M)
    for cmd in cmds:
        if cmd not in sections:
            bad.append("%s: %s: kbench help lists it, the page has no .Ss %s"
                       % (manpage, cmd, cmd))
    cmds = [c for c in cmds if c in sections]
    for cmd in cmds:
        hopts = help_options(kbench, cmd)
        defined, named = man_options(sections[cmd])
        for forms in hopts:
            checked += 1
            if forms & {"-h", "--help"}:
                continue
            if forms <= shared:
                continue
            if not forms & defined:
                bad.append("%s: %s: %s: in --help, not in the man page's "
                           "synopsis or option list" % (manpage, cmd,
                                                          ", ".join(sorted(forms))))
            for form in sorted(forms - named):
                if forms & defined:
                    bad.append("%s: %s: %s: in --help, not named in the "
                               "man page" % (manpage, cmd, form))
        every = set().union(*hopts) if hopts else set()
        for o in sorted(defined - every):
            bad.append("%s: %s: %s: in the man page, not in --help"
                       % (manpage, cmd, o))
    return verdict(bad, "%d options of %d commands: --help and the man "
                   "page agree" % (checked, len(cmds)))


if __name__ == "__main__":
    sys.exit(main())
