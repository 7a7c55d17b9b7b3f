// The "browser" of the conformance runs' sign-ins: it opens the authorization URL it is given and
// follows the redirects, the last of which brings the code back to Rosetta's loopback listener.
const response = await fetch(process.argv[2], { redirect: "follow" });
process.exit(response.ok ? 0 : 1);
