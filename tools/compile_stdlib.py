"""Ship the standard library's boot modules compiled: run by build.py in Pyodide under Node.

    node tools/pyodide-node.mjs dist run tools/compile_stdlib.py /dist/pyodide/python_stdlib.zip [/dist/WHEEL]

A cold boot spends most of its time compiling Python source: Pyodide's own
start imports some 140 standard-library modules, and the engine a few more.
This script does what a first board needs (imports every engine module,
opens a game of each kind and lets its AI move), notes every module that
came from the standard library's zip, and rewrites the zip with each of
those as a sourceless .pyc made by this very Python (so its magic number is
the runtime's):

- compiled with optimize=2 (no docstrings, no asserts), as `python -OO`;
- each code object's line table reduced to "every instruction is on the
  line of its def": a traceback through the standard library names the file
  and function, not the exact line (the tables were a third of the bytes),
  and every tool that reads line numbers still gets a number;
- every other member is copied as it is (a module imported only later is
  compiled from source when it is first imported, as before).

Given the site's wheel too, it adds our own engine's modules to it compiled,
each as `pygame_core/.../__pycache__/<name>.cpython-314.pyc` beside its
source (the browser's worker unpacks the wheel into site-packages, where
Python's importer takes such a .pyc instead of compiling the source). Made
from the wheel's own sources by this runtime, with the "unchecked hash" of
PEP 552 (the source is not checked at import: both come from the same build),
optimize 0 and full line tables: the engine keeps its asserts and its
tracebacks their lines (the source is beside it). Other Pythons ignore a
cache tag not theirs.
"""

import importlib
import importlib.util
import json
import marshal
import pkgutil
import sys
import zipfile

import pygame_core
from pygame_core import bridge

target = sys.argv[1]

for module in pkgutil.walk_packages(pygame_core.__path__, "pygame_core."):
    importlib.import_module(module.name)
for game in ("hanamikoji", "koikoi", "hanabi"):
    view = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": game, "level": "hard", "seed": 1})))["data"]
    if view["waiting_for"] == "bot":
        bridge.handle(json.dumps({"cmd": "bot", "session": view["session"], "move": view["move"]}))
    bridge.handle(json.dumps({"cmd": "save", "session": view["session"]}))

zip_path = next(p for p in sys.path if p.endswith(".zip"))
used = {m.__file__[len(zip_path) + 1:] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(zip_path + "/") and m.__file__.endswith(".py")}


def def_line_table(code):
    """`code` with a line table that puts every instruction on the def's line (co_firstlineno)."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:  # entries of at most 8 code units: kind 13 ("line, no columns"), line delta 0
        n = min(8, units)
        table += bytes([0x80 | (13 << 3) | (n - 1), 0])
        units -= n
    consts = tuple(def_line_table(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


with zipfile.ZipFile(target) as src:
    members = [(info, src.read(info)) for info in src.infolist()]
header = importlib.util.MAGIC_NUMBER + bytes(12)  # flags 0, no source date or size: a sourceless .pyc
compiled = 0
with zipfile.ZipFile(target, "w") as out:
    for info, data in members:
        if info.filename in used:
            code = compile(data, f"{zip_path}/{info.filename}", "exec", dont_inherit=True, optimize=2)
            pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            out.writestr(pyc, header + marshal.dumps(def_line_table(code)),
                         compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            compiled += 1
        else:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
engine = 0
if len(sys.argv) > 2:
    wheel = sys.argv[2]
    site = next(p for p in sys.path if p.endswith("site-packages"))
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(wheel) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(wheel, "w") as out:
        for info, data in entries:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        for info, data in entries:
            name = info.filename
            if not (name.startswith("pygame_core/") and name.endswith(".py")):
                continue
            code = compile(data, f"{site}/{name}", "exec", dont_inherit=True, optimize=0)
            folder, _, module = name.rpartition("/")
            pyc = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            out.writestr(zipfile.ZipInfo(f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc", info.date_time), bytes(pyc),
                         compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            engine += 1
print("COMPILED", json.dumps({"modules": compiled, "of": len(members), "engine": engine, "python": sys.version.split()[0]}))
