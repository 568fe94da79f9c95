// The types of build-if-needed.js (plain JavaScript: it runs before anything is built), for its tests.
export declare const STAMP: string;
export declare const OUTPUTS: string[];
export declare function newestInput(root: string): number;
export declare function hasBuildTools(root: string): boolean;
export interface Decision {
  action: 'build' | 'skip' | 'fail';
  reason: string;
}
export declare function decide(root: string, tools: boolean): Decision;
