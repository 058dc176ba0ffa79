import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Gift Card Back-Office</p>);
