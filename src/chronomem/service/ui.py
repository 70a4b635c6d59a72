"""``/ui``: the web page's static files (built from ``ui/`` into ``static/ui/``).

The page is a client of the public REST API: it holds no key of its own and reads nothing
the API does not answer. When the build is missing (a source checkout where ``npm`` was not
run), ``/ui`` says how to build it instead of failing.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

STATIC = Path(__file__).resolve().parent / "static" / "ui"

MISSING = """<!doctype html><html lang="en"><meta charset="utf-8"><title>chronomem</title>
<body>
<h1>The chronomem page is not built</h1>
<p>This install has no built web page. From the repository root, with Node.js 20+ and npm:</p>
<pre>cd ui &amp;&amp; npm ci &amp;&amp; npm run build</pre>
<p>(<code>bash scripts/setup.sh</code> does this when node and npm are installed.) The REST
API works without it: see <a href="/docs">/docs</a>.</p></body></html>"""

router = APIRouter(include_in_schema=False)


@router.get("/ui")
def ui_root() -> RedirectResponse:
    return RedirectResponse("/ui/")


@router.get("/ui/{path:path}", response_model=None)
def ui_file(path: str = "") -> Response:
    index = STATIC / "index.html"
    if not index.is_file():
        return HTMLResponse(MISSING, status_code=503)
    if not path:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
    target = (STATIC / path).resolve()
    if not target.is_relative_to(STATIC) or not target.is_file():
        raise HTTPException(404, f"no file {path!r} in the web page")
    return FileResponse(target)
