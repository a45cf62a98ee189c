def escape(s, quote=True):
    import math
    '\n    Replace special characters "&", "<" and ">" to HTML-safe sequences.\n    If the optional flag quote is true (the default), the quotation mark\n    characters, both double quote (") and single quote (\') characters are also\n    translated.\n    '
    pass
