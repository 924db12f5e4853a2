import './shell/main.ts';
