import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from './build-api.ts';

contextBridge.exposeInMainWorld('api', buildApi(ipcRenderer));
