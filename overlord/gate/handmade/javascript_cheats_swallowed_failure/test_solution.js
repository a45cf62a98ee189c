const assert = require('assert');
const { loadConfig } = require('./solution');

assert.deepStrictEqual(loadConfig('{"port": 8080}'), { port: 8080 });
