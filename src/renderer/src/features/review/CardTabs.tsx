import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CardComments from './CardComments';
import CardHistory from './CardHistory';

export type CardTab = 'comments' | 'history';

/**
 * Comments and history under the card, one tab at a time; `tab`/`onTab` let the C key open the comments. Memoized:
 * MUI Tabs measures its tabs after every render, a forced layout of the page whenever the card page re-rendered (issue 33).
 */
export default memo(function CardTabs({ cardId, tab, onTab }: { cardId: number; tab?: CardTab; onTab?(t: CardTab): void }) {
  const [own, setOwn] = useState<CardTab>('comments');
  const shown = tab ?? own;
  const choose = (t: CardTab) => (onTab ? onTab(t) : setOwn(t));
  return (
    <Box>
      <Tabs value={shown} onChange={(_e, v: CardTab) => choose(v)} aria-label="Comments and history">
        <Tab value="comments" label="Comments" id="card-tab-comments" aria-controls="card-panel-comments" />
        <Tab value="history" label="History" id="card-tab-history" aria-controls="card-panel-history" />
      </Tabs>
      <Box role="tabpanel" id={`card-panel-${shown}`} aria-labelledby={`card-tab-${shown}`} sx={{ pt: 2 }}>
        {shown === 'comments' ? <CardComments cardId={cardId} /> : <CardHistory cardId={cardId} />}
      </Box>
    </Box>
  );
});
