#!/usr/bin/env python3
"""An editor's view of `foodlog lsp`, through pygls's LanguageClient (a real LSP client from
PyPI, with lsprotocol's typed messages): open a .meal file, wait for its diagnostics, ask for
inlay hints, a hover and completions (a food, a target's days), shut down. Prints one `ok ...`
line a check, and exits non-zero on the first failure. Usage: check_server.py FOODLOG_BINARY WORK_DIRECTORY
"""
import asyncio
import os
import sys

from lsprotocol import types
from pygls.lsp.client import LanguageClient

TEXT = """2026-11-29
log 2 eggs, 150 gx rice @breakfast
log ½ cup oats, 30 g crème fraîche, 2 eggs 🥚 @breakfast
log 100 g chicken breast @lunch
log 2 bana
target 2000 kcal on
"""


def check(condition, what):
    if not condition:
        print("FAILED: " + what, flush=True)
        sys.exit(1)
    print("ok " + what, flush=True)


async def main(binary, directory):
    path = os.path.join(directory, "day.meal")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(TEXT)
    uri = "file://" + path
    client = LanguageClient("foodlog-e2e", "1")
    published = asyncio.get_running_loop().create_future()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        if params.uri == uri and not published.done():
            published.set_result(params)

    env = dict(os.environ, FOODLOG_DB=os.path.join(directory, "diary.sqlite"), FOODLOG_TODAY="2026-11-29",
               HOME=directory, XDG_CONFIG_HOME=os.path.join(directory, "config"))
    await client.start_io(binary, "lsp", env=env)
    result = await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16])),
        root_uri="file://" + directory))
    check(result.capabilities.position_encoding == types.PositionEncodingKind.Utf16, "initialize: utf-16 positions")
    check(result.capabilities.inlay_hint_provider is not None, "initialize: inlay hints offered")
    client.initialized(types.InitializedParams())
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="meal", version=1, text=TEXT)))

    params = await asyncio.wait_for(published, 30)
    codes = sorted(str(d.code) for d in params.diagnostics)
    check(params.version == 1, "diagnostics: for version 1")
    check("unknown-unit" in codes, "diagnostics: unknown-unit reported (%s)" % ", ".join(codes))
    unit = next(d for d in params.diagnostics if d.code == "unknown-unit")
    check((unit.range.start.line, unit.range.start.character) == (1, 16), "diagnostics: range of 'gx'")
    check("did you mean 'g'?" in unit.message, "diagnostics: the CLI's help")

    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=6, character=0))))
    labels = {h.position.line: h.label for h in hints or []}
    check(str(labels.get(3, "")).startswith("≈ ") and str(labels.get(3, "")).endswith(" kcal"),
          "inlay hint: the chicken line's energy (%s)" % labels.get(3))
    check(str(labels.get(0, "")).startswith("Σ "), "inlay hint: the day's total (%s)" % labels.get(0))
    # Line 2 has UTF-16 pairs (the emoji): its hint must sit at the line's end in UTF-16 units.
    line2 = TEXT.split("\n")[2]
    width = len(line2.encode("utf-16-le")) // 2
    positions = {h.position.line: h.position.character for h in hints or []}
    check(positions.get(2) == width, "inlay hint: placed in UTF-16 units after the emoji (%s)" % positions.get(2))

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=12)))
    value = hover.contents.value if hover else ""
    check("chicken" in value.lower() and " kcal" in value, "hover: the food and its energy")

    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=10)))
    items = completion.items if isinstance(completion, types.CompletionList) else (completion or [])
    check(any(i.label == "banana" and (i.detail or "").endswith("kcal/100 g") for i in items),
          "completion: foods after a quantity, with kcal per 100 g")

    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=19)))
    items = completion.items if isinstance(completion, types.CompletionList) else (completion or [])
    check([i.label for i in items] == ["on weekends", "on weekdays"],
          "completion: a target's days after 'on' (%s)" % ", ".join(i.label for i in items))

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print("editor client: all checks passed", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
