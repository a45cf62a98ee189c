from solution import escape
import html
import unittest

class HtmlTests(unittest.TestCase):

    def test_escape(self):
        self.assertEqual(escape('\'<script>"&foo;"</script>\''), '&#x27;&lt;script&gt;&quot;&amp;foo;&quot;&lt;/script&gt;&#x27;')
        self.assertEqual(escape('\'<script>"&foo;"</script>\'', False), '\'&lt;script&gt;"&amp;foo;"&lt;/script&gt;\'')
