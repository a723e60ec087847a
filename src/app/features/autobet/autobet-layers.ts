/** Above overlay routes (Mantine's modal layer is 200) and below the order detail (210) that opens from an entry. */
export const AUTOBET_Z_INDEX = 205;
