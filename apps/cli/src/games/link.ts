import type { GameModule } from './types.js';

// Placeholder until the game's issue lands: registers no commands and shows no demo section.
export const link: GameModule = {
  register: () => undefined,
  demo: () => ({ title: 'link', text: '(not built yet)', data: null }),
};
