import type { GameModule } from './types.js';

// Placeholder until the game's issue lands: registers no commands and shows no demo section.
export const animalGrid: GameModule = {
  register: () => undefined,
  demo: () => ({ title: 'animal-grid', text: '(not built yet)', data: null }),
};
