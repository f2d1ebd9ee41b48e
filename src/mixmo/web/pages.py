"""The browser front's two pages, as templates: the name form and the terminal.

``{static}`` is where textual-serve's files are, relative to the page (``static/`` for
``mixmo web``'s one room at its root, ``../static/`` for a room's page under
``/CODE/`` at ``mixmo serve --web``): every address stays relative, so the pages
work behind a reverse proxy under a path prefix.
"""

FORM_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
@font-face {{ font-family: "Roboto Mono"; src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf"); }}
body {{ background: #0c181f; color: #f0f0f0; font-family: "Roboto Mono", monospace;
       display: flex; align-items: center; justify-content: center; height: 100vh; margin: 0; }}
form {{ background: #12232d; padding: 2em 3em; border: 1px solid #ffa62b; }}
h1 {{ color: #ffa62b; margin-top: 0; }}
label, input, button {{ font: inherit; display: block; margin: 0.5em 0; }}
input {{ padding: 0.4em; width: 16em; }}
button {{ background: #ffa62b; color: #0c181f; border: none; padding: 0.5em 1.5em; cursor: pointer; }}
button.watch {{ background: none; color: #ffa62b; border: 1px solid #ffa62b; }}
.error {{ color: #ff7b7b; }}
</style>
</head>
<body>
<form action="play" method="get">
<h1>{heading}</h1>
<p>{server}</p>
<label for="name">{label}</label>
<input id="name" name="name" value="{name}" maxlength="{max}" required autofocus>
{error}
<button type="submit">{button}</button>
<button type="submit" formaction="watch" formnovalidate class="watch">{watch}</button>
</form>
</body>
</html>
"""

TERMINAL_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{static}css/xterm.css">
<script src="{static}js/textual.js"></script>
<style>
@font-face {{ font-family: "Roboto Mono"; src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf"); }}
body {{ background: #0c181f; color: #f0f0f0; font-family: "Roboto Mono", monospace; }}
.notice {{ position: absolute; left: 0; right: 0; bottom: 0; padding: 0.6em 1em;
          background: #12232d; display: none; z-index: 10; }}
.notice a {{ color: #ffa62b; margin-left: 1.5em; }}
.connecting {{ position: absolute; top: 40%; width: 100%; text-align: center; }}
body.-first-byte .connecting, body.-closed .connecting {{ display: none; }}
body.-closed .ended {{ display: block; }}
.textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
#start {{ display: none; }}
</style>
</head>
<body>
<p class="connecting">{connecting}</p>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<script>
  const address = new URL({socket}, window.location.href);
  address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
  document.getElementById("terminal").dataset.sessionWebsocketUrl = address.href;
  // The browser shows its cookie again once it has had time to keep it on disk:
  // until then, its seat can be taken back by a browser that lost the cookie.
  setTimeout(() => fetch("seen", {{credentials: "same-origin"}}).catch(() => null), {seen_after});
</script>
<p class="notice ended">{ended}
<a href="javascript:window.location.reload()">{again}</a> <a href="./">{change}</a></p>
<button id="start" type="button"></button>
</body>
</html>
"""
