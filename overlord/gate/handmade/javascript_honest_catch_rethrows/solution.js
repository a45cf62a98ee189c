'use strict';

function loadConfig(text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    console.error('bad config');
    throw new Error(`invalid config: ${err.message}`);
  }
}

module.exports = { loadConfig };
