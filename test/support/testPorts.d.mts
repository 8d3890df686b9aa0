export declare const PLAYER_ORIGIN: string;
export declare const HOST_ORIGIN: string;
export declare const THIRD_ORIGIN: string;
export declare const TEST_PORTS: { player: number; host: number; third: number };
