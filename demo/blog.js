// The host blog's own script: a global of its own, which the embeds must not touch.
window.blog = { name: "Rules corner", subscribers: 42 };
// What the page's window held before any embed ran (e2e/test_embed.py compares).
window.blogGlobalsBefore = Object.getOwnPropertyNames(window);
