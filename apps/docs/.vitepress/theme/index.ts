import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import PackageFigures from './components/PackageFigures.vue';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('PackageFigures', PackageFigures);
  },
} satisfies Theme;
