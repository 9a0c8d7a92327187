// The CSS check (`make compat`, docs/browsers.md): every stylesheet the pages and the games load, against the
// browsers .browserslistrc names for the phones and the TV together (both load base.css, app.css and a game's
// own sheet). stylelint-no-unsupported-browser-features asks doiuse, from caniuse's data.
//
// Partial support is not reported: doiuse marks a whole property partial for one value or one case (overflow for
// `overflow: clip`, clip-path for url() on HTML, multi-column for column breaks), and the values the sheets use
// (overflow: hidden, clip-path: inset(), columns) work in every target. A feature some target lacks entirely
// fails, unless its line says why it is safe (`stylelint-disable-next-line ... -- <why>`).
//
// css3-cursors is not asked about: caniuse counts `cursor` unsupported on touch screens (iOS, Samsung Internet),
// which have no pointer to draw it on; every TV target draws it.
import { fileURLToPath } from "node:url";
import browserslist from "browserslist";

const here = fileURLToPath(new URL(".", import.meta.url)); // not import.meta.dirname: Debian 12's Node 18 lacks it
const targets = (...envs) => envs.flatMap((env) => browserslist.loadConfig({ path: here, env }));

export default {
  plugins: ["stylelint-no-unsupported-browser-features"],
  rules: {
    "plugin/no-unsupported-browser-features": [
      true,
      { browsers: targets("phones", "tv"), ignore: ["css3-cursors"], ignorePartialSupport: true, severity: "error" },
    ],
  },
};
