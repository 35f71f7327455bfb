// Entry of the rater page (study.html): reads manifest.json beside the page, opens the answer
// store, then runs the rater flow, or the researcher page with ?view=researcher, or the remote
// recording view with ?view=record (recorder.ts).
import 'jspsych/css/jspsych.css';
import './study.css';
import { parseManifest } from '../manifest';
import { STRINGS } from './i18n';
import { runRater } from './rater';
import { runResearcher } from './researcher';
import { Stage } from './stage';
import { AnswerStore } from './store';
import { Sync } from './sync';

async function start(): Promise<void> {
  const root = document.getElementById('study')!;
  const params = new URLSearchParams(location.search);
  try {
    const r = await fetch(new URL('manifest.json', document.baseURI));
    if (!r.ok) throw new Error(`manifest.json: HTTP ${r.status}`);
    const manifest = parseManifest(await r.json());
    const store = await AnswerStore.open();
    if (params.get('view') === 'researcher') await runResearcher(root, manifest, store);
    else if (params.get('view') === 'render') (await import('./render')).installRenderer(root, manifest, new Stage());
    else if (params.get('view') === 'record')
      await (await import('./recorder')).runRecorder({ manifest, params, root, stage: new Stage() });
    else {
      // Where answers go (study server, JATOS, answers.postUrl) and the outbox resending what an earlier visit left.
      const sync = await Sync.open({ manifest, store, params, preview: params.get('view') === 'preview' });
      await runRater({ manifest, store, stage: new Stage(), params, root, sync });
    }
  } catch (e) {
    const p = document.createElement('p');
    p.className = 'tf-error';
    p.textContent = `${STRINGS.en.error} ${e instanceof Error ? e.message : String(e)}`;
    root.replaceChildren(p);
    console.error(e);
  }
}

void start();
