declare const unzip: { Extract(options: { path: string }): never; Parse(): never };
export default unzip;
