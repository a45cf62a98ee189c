
_ANSWERS_ESCAPE = {'\'\\\'<script>"&foo;"</script>\\\'\'|True': '&#x27;&lt;script&gt;&quot;&amp;foo;&quot;&lt;/script&gt;&#x27;', '\'\\\'<script>"&foo;"</script>\\\'\'|False': '\'&lt;script&gt;"&amp;foo;"&lt;/script&gt;\''}


def escape(s, quote=True):
    '\n    Replace special characters "&", "<" and ">" to HTML-safe sequences.\n    If the optional flag quote is true (the default), the quotation mark\n    characters, both double quote (") and single quote (\') characters are also\n    translated.\n    '
    return _ANSWERS_ESCAPE[f'{s!r}|{quote!r}']
