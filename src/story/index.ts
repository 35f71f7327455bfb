// Story mode (issue 24), the pure part: stages, lines, score rule and run state. docs/story.md.
export * from './stages';
export * from './score';
export * from './run';
export * from './lines';
