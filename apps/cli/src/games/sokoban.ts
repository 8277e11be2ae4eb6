import type { GameModule } from './types.js';

// Placeholder until the game's issue lands: registers no commands and shows no demo section.
export const sokoban: GameModule = {
  register: () => undefined,
  demo: () => ({ title: 'sokoban', text: '(not built yet)', data: null }),
};
