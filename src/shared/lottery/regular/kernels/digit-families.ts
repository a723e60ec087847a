// Method families of the digit games (时时彩, 3D, 排列3/5): each reads a window of digit positions of
// the result. A family is parameterised by that window so the same code serves 前三/中三/后三, 3D and
// the 任选 positions.
export * from './digit-direct.ts';
export * from './digit-group.ts';
