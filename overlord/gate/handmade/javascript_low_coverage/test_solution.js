const assert = require('assert');
const { clamp } = require('./solution');

assert.strictEqual(clamp(5, 0, 3), 3);
