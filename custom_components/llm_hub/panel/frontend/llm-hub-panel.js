var Ke=Object.defineProperty;var Kt=Object.getOwnPropertyDescriptor;var f=(n,s,e)=>()=>{if(e)throw e[0];try{return n&&(s=n(n=0)),s}catch(t){throw e=[t],t}};var Gt=(n,s)=>{for(var e in s)Ke(n,e,{get:s[e],enumerable:!0})};var h=(n,s,e,t)=>{for(var r=t>1?void 0:t?Kt(s,e):s,i=n.length-1,a;i>=0;i--)(a=n[i])&&(r=(t?a(s,e,r):a(r))||r);return t&&r&&Ke(s,e,r),r};var me,_e,ke,Ge,re,Ve,x,Xe,Te,Ce=f(()=>{"use strict";me=globalThis,_e=me.ShadowRoot&&(me.ShadyCSS===void 0||me.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,ke=Symbol(),Ge=new WeakMap,re=class{constructor(s,e,t){if(this._$cssResult$=!0,t!==ke)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=s,this.t=e}get styleSheet(){let s=this.o,e=this.t;if(_e&&s===void 0){let t=e!==void 0&&e.length===1;t&&(s=Ge.get(e)),s===void 0&&((this.o=s=new CSSStyleSheet).replaceSync(this.cssText),t&&Ge.set(e,s))}return s}toString(){return this.cssText}},Ve=n=>new re(typeof n=="string"?n:n+"",void 0,ke),x=(n,...s)=>{let e=n.length===1?n[0]:s.reduce((t,r,i)=>t+(a=>{if(a._$cssResult$===!0)return a.cssText;if(typeof a=="number")return a;throw Error("Value passed to 'css' function must be a 'css' function result: "+a+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+n[i+1],n[0]);return new re(e,n,ke)},Xe=(n,s)=>{if(_e)n.adoptedStyleSheets=s.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of s){let t=document.createElement("style"),r=me.litNonce;r!==void 0&&t.setAttribute("nonce",r),t.textContent=e.cssText,n.appendChild(t)}},Te=_e?n=>n:n=>n instanceof CSSStyleSheet?(s=>{let e="";for(let t of s.cssRules)e+=t.cssText;return Ve(e)})(n):n});var Vt,Xt,Zt,Yt,Qt,es,ge,Ze,ts,ss,ie,ne,fe,Ye,q,ae=f(()=>{"use strict";Ce();Ce();({is:Vt,defineProperty:Xt,getOwnPropertyDescriptor:Zt,getOwnPropertyNames:Yt,getOwnPropertySymbols:Qt,getPrototypeOf:es}=Object),ge=globalThis,Ze=ge.trustedTypes,ts=Ze?Ze.emptyScript:"",ss=ge.reactiveElementPolyfillSupport,ie=(n,s)=>n,ne={toAttribute(n,s){switch(s){case Boolean:n=n?ts:null;break;case Object:case Array:n=n==null?n:JSON.stringify(n)}return n},fromAttribute(n,s){let e=n;switch(s){case Boolean:e=n!==null;break;case Number:e=n===null?null:Number(n);break;case Object:case Array:try{e=JSON.parse(n)}catch{e=null}}return e}},fe=(n,s)=>!Vt(n,s),Ye={attribute:!0,type:String,converter:ne,reflect:!1,useDefault:!1,hasChanged:fe};Symbol.metadata??=Symbol("metadata"),ge.litPropertyMetadata??=new WeakMap;q=class extends HTMLElement{static addInitializer(s){this._$Ei(),(this.l??=[]).push(s)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(s,e=Ye){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(s)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(s,e),!e.noAccessor){let t=Symbol(),r=this.getPropertyDescriptor(s,t,e);r!==void 0&&Xt(this.prototype,s,r)}}static getPropertyDescriptor(s,e,t){let{get:r,set:i}=Zt(this.prototype,s)??{get(){return this[e]},set(a){this[e]=a}};return{get:r,set(a){let c=r?.call(this);i?.call(this,a),this.requestUpdate(s,c,t)},configurable:!0,enumerable:!0}}static getPropertyOptions(s){return this.elementProperties.get(s)??Ye}static _$Ei(){if(this.hasOwnProperty(ie("elementProperties")))return;let s=es(this);s.finalize(),s.l!==void 0&&(this.l=[...s.l]),this.elementProperties=new Map(s.elementProperties)}static finalize(){if(this.hasOwnProperty(ie("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(ie("properties"))){let e=this.properties,t=[...Yt(e),...Qt(e)];for(let r of t)this.createProperty(r,e[r])}let s=this[Symbol.metadata];if(s!==null){let e=litPropertyMetadata.get(s);if(e!==void 0)for(let[t,r]of e)this.elementProperties.set(t,r)}this._$Eh=new Map;for(let[e,t]of this.elementProperties){let r=this._$Eu(e,t);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(s){let e=[];if(Array.isArray(s)){let t=new Set(s.flat(1/0).reverse());for(let r of t)e.unshift(Te(r))}else s!==void 0&&e.push(Te(s));return e}static _$Eu(s,e){let t=e.attribute;return t===!1?void 0:typeof t=="string"?t:typeof s=="string"?s.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(s=>this.enableUpdating=s),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(s=>s(this))}addController(s){(this._$EO??=new Set).add(s),this.renderRoot!==void 0&&this.isConnected&&s.hostConnected?.()}removeController(s){this._$EO?.delete(s)}_$E_(){let s=new Map,e=this.constructor.elementProperties;for(let t of e.keys())this.hasOwnProperty(t)&&(s.set(t,this[t]),delete this[t]);s.size>0&&(this._$Ep=s)}createRenderRoot(){let s=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Xe(s,this.constructor.elementStyles),s}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(s=>s.hostConnected?.())}enableUpdating(s){}disconnectedCallback(){this._$EO?.forEach(s=>s.hostDisconnected?.())}attributeChangedCallback(s,e,t){this._$AK(s,t)}_$ET(s,e){let t=this.constructor.elementProperties.get(s),r=this.constructor._$Eu(s,t);if(r!==void 0&&t.reflect===!0){let i=(t.converter?.toAttribute!==void 0?t.converter:ne).toAttribute(e,t.type);this._$Em=s,i==null?this.removeAttribute(r):this.setAttribute(r,i),this._$Em=null}}_$AK(s,e){let t=this.constructor,r=t._$Eh.get(s);if(r!==void 0&&this._$Em!==r){let i=t.getPropertyOptions(r),a=typeof i.converter=="function"?{fromAttribute:i.converter}:i.converter?.fromAttribute!==void 0?i.converter:ne;this._$Em=r;let c=a.fromAttribute(e,i.type);this[r]=c??this._$Ej?.get(r)??c,this._$Em=null}}requestUpdate(s,e,t,r=!1,i){if(s!==void 0){let a=this.constructor;if(r===!1&&(i=this[s]),t??=a.getPropertyOptions(s),!((t.hasChanged??fe)(i,e)||t.useDefault&&t.reflect&&i===this._$Ej?.get(s)&&!this.hasAttribute(a._$Eu(s,t))))return;this.C(s,e,t)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(s,e,{useDefault:t,reflect:r,wrapped:i},a){t&&!(this._$Ej??=new Map).has(s)&&(this._$Ej.set(s,a??e??this[s]),i!==!0||a!==void 0)||(this._$AL.has(s)||(this.hasUpdated||t||(e=void 0),this._$AL.set(s,e)),r===!0&&this._$Em!==s&&(this._$Eq??=new Set).add(s))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let s=this.scheduleUpdate();return s!=null&&await s,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,i]of this._$Ep)this[r]=i;this._$Ep=void 0}let t=this.constructor.elementProperties;if(t.size>0)for(let[r,i]of t){let{wrapped:a}=i,c=this[r];a!==!0||this._$AL.has(r)||c===void 0||this.C(r,void 0,i,c)}}let s=!1,e=this._$AL;try{s=this.shouldUpdate(e),s?(this.willUpdate(e),this._$EO?.forEach(t=>t.hostUpdate?.()),this.update(e)):this._$EM()}catch(t){throw s=!1,this._$EM(),t}s&&this._$AE(e)}willUpdate(s){}_$AE(s){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(s)),this.updated(s)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(s){return!0}update(s){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(s){}firstUpdated(s){}};q.elementStyles=[],q.shadowRootOptions={mode:"open"},q[ie("elementProperties")]=new Map,q[ie("finalized")]=new Map,ss?.({ReactiveElement:q}),(ge.reactiveElementVersions??=[]).push("2.1.2")});function ct(n,s){if(!De(n)||!n.hasOwnProperty("raw"))throw Error("invalid template strings array");return et!==void 0?et.createHTML(s):s}function Q(n,s,e=n,t){if(s===V)return s;let r=t!==void 0?e._$Co?.[t]:e._$Cl,i=ce(s)?void 0:s._$litDirective$;return r?.constructor!==i&&(r?._$AO?.(!1),i===void 0?r=void 0:(r=new i(n),r._$AT(n,e,t)),t!==void 0?(e._$Co??=[])[t]=r:e._$Cl=r),r!==void 0&&(s=Q(n,r._$AS(n,s.values),r,t)),s}var Ie,Qe,be,et,at,H,ot,rs,G,le,ce,De,is,Re,oe,tt,st,L,rt,it,lt,je,l,ws,As,V,d,nt,K,ns,de,Pe,he,ee,Me,Oe,Ue,Ne,as,dt,ve=f(()=>{"use strict";Ie=globalThis,Qe=n=>n,be=Ie.trustedTypes,et=be?be.createPolicy("lit-html",{createHTML:n=>n}):void 0,at="$lit$",H=`lit$${Math.random().toFixed(9).slice(2)}$`,ot="?"+H,rs=`<${ot}>`,G=document,le=()=>G.createComment(""),ce=n=>n===null||typeof n!="object"&&typeof n!="function",De=Array.isArray,is=n=>De(n)||typeof n?.[Symbol.iterator]=="function",Re=`[ 	
\f\r]`,oe=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,tt=/-->/g,st=/>/g,L=RegExp(`>|${Re}(?:([^\\s"'>=/]+)(${Re}*=${Re}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),rt=/'/g,it=/"/g,lt=/^(?:script|style|textarea|title)$/i,je=n=>(s,...e)=>({_$litType$:n,strings:s,values:e}),l=je(1),ws=je(2),As=je(3),V=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),nt=new WeakMap,K=G.createTreeWalker(G,129);ns=(n,s)=>{let e=n.length-1,t=[],r,i=s===2?"<svg>":s===3?"<math>":"",a=oe;for(let c=0;c<e;c++){let p=n[c],u,b,v=-1,J=0;for(;J<p.length&&(a.lastIndex=J,b=a.exec(p),b!==null);)J=a.lastIndex,a===oe?b[1]==="!--"?a=tt:b[1]!==void 0?a=st:b[2]!==void 0?(lt.test(b[2])&&(r=RegExp("</"+b[2],"g")),a=L):b[3]!==void 0&&(a=L):a===L?b[0]===">"?(a=r??oe,v=-1):b[1]===void 0?v=-2:(v=a.lastIndex-b[2].length,u=b[1],a=b[3]===void 0?L:b[3]==='"'?it:rt):a===it||a===rt?a=L:a===tt||a===st?a=oe:(a=L,r=void 0);let F=a===L&&n[c+1].startsWith("/>")?" ":"";i+=a===oe?p+rs:v>=0?(t.push(u),p.slice(0,v)+at+p.slice(v)+H+F):p+H+(v===-2?c:F)}return[ct(n,i+(n[e]||"<?>")+(s===2?"</svg>":s===3?"</math>":"")),t]},de=class n{constructor({strings:s,_$litType$:e},t){let r;this.parts=[];let i=0,a=0,c=s.length-1,p=this.parts,[u,b]=ns(s,e);if(this.el=n.createElement(u,t),K.currentNode=this.el.content,e===2||e===3){let v=this.el.content.firstChild;v.replaceWith(...v.childNodes)}for(;(r=K.nextNode())!==null&&p.length<c;){if(r.nodeType===1){if(r.hasAttributes())for(let v of r.getAttributeNames())if(v.endsWith(at)){let J=b[a++],F=r.getAttribute(v).split(H),ue=/([.?@])?(.*)/.exec(J);p.push({type:1,index:i,name:ue[2],strings:F,ctor:ue[1]==="."?Me:ue[1]==="?"?Oe:ue[1]==="@"?Ue:ee}),r.removeAttribute(v)}else v.startsWith(H)&&(p.push({type:6,index:i}),r.removeAttribute(v));if(lt.test(r.tagName)){let v=r.textContent.split(H),J=v.length-1;if(J>0){r.textContent=be?be.emptyScript:"";for(let F=0;F<J;F++)r.append(v[F],le()),K.nextNode(),p.push({type:2,index:++i});r.append(v[J],le())}}}else if(r.nodeType===8)if(r.data===ot)p.push({type:2,index:i});else{let v=-1;for(;(v=r.data.indexOf(H,v+1))!==-1;)p.push({type:7,index:i}),v+=H.length-1}i++}}static createElement(s,e){let t=G.createElement("template");return t.innerHTML=s,t}};Pe=class{constructor(s,e){this._$AV=[],this._$AN=void 0,this._$AD=s,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(s){let{el:{content:e},parts:t}=this._$AD,r=(s?.creationScope??G).importNode(e,!0);K.currentNode=r;let i=K.nextNode(),a=0,c=0,p=t[0];for(;p!==void 0;){if(a===p.index){let u;p.type===2?u=new he(i,i.nextSibling,this,s):p.type===1?u=new p.ctor(i,p.name,p.strings,this,s):p.type===6&&(u=new Ne(i,this,s)),this._$AV.push(u),p=t[++c]}a!==p?.index&&(i=K.nextNode(),a++)}return K.currentNode=G,r}p(s){let e=0;for(let t of this._$AV)t!==void 0&&(t.strings!==void 0?(t._$AI(s,t,e),e+=t.strings.length-2):t._$AI(s[e])),e++}},he=class n{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(s,e,t,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=s,this._$AB=e,this._$AM=t,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let s=this._$AA.parentNode,e=this._$AM;return e!==void 0&&s?.nodeType===11&&(s=e.parentNode),s}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(s,e=this){s=Q(this,s,e),ce(s)?s===d||s==null||s===""?(this._$AH!==d&&this._$AR(),this._$AH=d):s!==this._$AH&&s!==V&&this._(s):s._$litType$!==void 0?this.$(s):s.nodeType!==void 0?this.T(s):is(s)?this.k(s):this._(s)}O(s){return this._$AA.parentNode.insertBefore(s,this._$AB)}T(s){this._$AH!==s&&(this._$AR(),this._$AH=this.O(s))}_(s){this._$AH!==d&&ce(this._$AH)?this._$AA.nextSibling.data=s:this.T(G.createTextNode(s)),this._$AH=s}$(s){let{values:e,_$litType$:t}=s,r=typeof t=="number"?this._$AC(s):(t.el===void 0&&(t.el=de.createElement(ct(t.h,t.h[0]),this.options)),t);if(this._$AH?._$AD===r)this._$AH.p(e);else{let i=new Pe(r,this),a=i.u(this.options);i.p(e),this.T(a),this._$AH=i}}_$AC(s){let e=nt.get(s.strings);return e===void 0&&nt.set(s.strings,e=new de(s)),e}k(s){De(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,t,r=0;for(let i of s)r===e.length?e.push(t=new n(this.O(le()),this.O(le()),this,this.options)):t=e[r],t._$AI(i),r++;r<e.length&&(this._$AR(t&&t._$AB.nextSibling,r),e.length=r)}_$AR(s=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);s!==this._$AB;){let t=Qe(s).nextSibling;Qe(s).remove(),s=t}}setConnected(s){this._$AM===void 0&&(this._$Cv=s,this._$AP?.(s))}},ee=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(s,e,t,r,i){this.type=1,this._$AH=d,this._$AN=void 0,this.element=s,this.name=e,this._$AM=r,this.options=i,t.length>2||t[0]!==""||t[1]!==""?(this._$AH=Array(t.length-1).fill(new String),this.strings=t):this._$AH=d}_$AI(s,e=this,t,r){let i=this.strings,a=!1;if(i===void 0)s=Q(this,s,e,0),a=!ce(s)||s!==this._$AH&&s!==V,a&&(this._$AH=s);else{let c=s,p,u;for(s=i[0],p=0;p<i.length-1;p++)u=Q(this,c[t+p],e,p),u===V&&(u=this._$AH[p]),a||=!ce(u)||u!==this._$AH[p],u===d?s=d:s!==d&&(s+=(u??"")+i[p+1]),this._$AH[p]=u}a&&!r&&this.j(s)}j(s){s===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,s??"")}},Me=class extends ee{constructor(){super(...arguments),this.type=3}j(s){this.element[this.name]=s===d?void 0:s}},Oe=class extends ee{constructor(){super(...arguments),this.type=4}j(s){this.element.toggleAttribute(this.name,!!s&&s!==d)}},Ue=class extends ee{constructor(s,e,t,r,i){super(s,e,t,r,i),this.type=5}_$AI(s,e=this){if((s=Q(this,s,e,0)??d)===V)return;let t=this._$AH,r=s===d&&t!==d||s.capture!==t.capture||s.once!==t.once||s.passive!==t.passive,i=s!==d&&(t===d||r);r&&this.element.removeEventListener(this.name,this,t),i&&this.element.addEventListener(this.name,this,s),this._$AH=s}handleEvent(s){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,s):this._$AH.handleEvent(s)}},Ne=class{constructor(s,e,t){this.element=s,this.type=6,this._$AN=void 0,this._$AM=e,this.options=t}get _$AU(){return this._$AM._$AU}_$AI(s){Q(this,s)}},as=Ie.litHtmlPolyfillSupport;as?.(de,he),(Ie.litHtmlVersions??=[]).push("3.3.3");dt=(n,s,e)=>{let t=e?.renderBefore??s,r=t._$litPart$;if(r===void 0){let i=e?.renderBefore??null;t._$litPart$=r=new he(s.insertBefore(le(),i),i,void 0,e??{})}return r._$AI(n),r}});var ze,$,os,ht=f(()=>{"use strict";ae();ae();ve();ve();ze=globalThis,$=class extends q{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let s=super.createRenderRoot();return this.renderOptions.renderBefore??=s.firstChild,s}update(s){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(s),this._$Do=dt(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return V}};$._$litElement$=!0,$.finalized=!0,ze.litElementHydrateSupport?.({LitElement:$});os=ze.litElementPolyfillSupport;os?.({LitElement:$});(ze.litElementVersions??=[]).push("4.2.2")});var pt=f(()=>{"use strict";});var R=f(()=>{"use strict";ae();ve();ht();pt()});var w,ut=f(()=>{"use strict";w=n=>(s,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(n,s)}):customElements.define(n,s)}});function _(n){return(s,e)=>typeof e=="object"?cs(n,s,e):((t,r,i)=>{let a=r.hasOwnProperty(i);return r.constructor.createProperty(i,t),a?Object.getOwnPropertyDescriptor(r,i):void 0})(n,s,e)}var ls,cs,Je=f(()=>{"use strict";ae();ls={attribute:!0,type:String,converter:ne,reflect:!1,hasChanged:fe},cs=(n=ls,s,e)=>{let{kind:t,metadata:r}=e,i=globalThis.litPropertyMetadata.get(r);if(i===void 0&&globalThis.litPropertyMetadata.set(r,i=new Map),t==="setter"&&((n=Object.create(n)).wrapped=!0),i.set(e.name,n),t==="accessor"){let{name:a}=e;return{set(c){let p=s.get.call(this);s.set.call(this,c),this.requestUpdate(a,p,n,!0,c)},init(c){return c!==void 0&&this.C(a,void 0,n,c),c}}}if(t==="setter"){let{name:a}=e;return function(c){let p=this[a];s.call(this,c),this.requestUpdate(a,p,n,!0,c)}}throw Error("Unsupported decorator location: "+t)}});function m(n){return _({...n,state:!0,attribute:!1})}var mt=f(()=>{"use strict";Je();});var _t=f(()=>{"use strict";});var X,te=f(()=>{"use strict";X=(n,s,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof s!="object"&&Object.defineProperty(n,s,e),e)});function gt(n,s){return(e,t,r)=>{let i=a=>a.renderRoot?.querySelector(n)??null;if(s){let{get:a,set:c}=typeof t=="object"?e:r??(()=>{let p=Symbol();return{get(){return this[p]},set(u){this[p]=u}}})();return X(e,t,{get(){let p=a.call(this);return p===void 0&&(p=i(this),(p!==null||this.hasUpdated)&&c.call(this,p)),p}})}return X(e,t,{get(){return i(this)}})}}var ft=f(()=>{"use strict";te();});var bt=f(()=>{"use strict";te();});var vt=f(()=>{"use strict";te();});var $t=f(()=>{"use strict";te();});var yt=f(()=>{"use strict";te();});var N=f(()=>{"use strict";ut();Je();mt();_t();ft();bt();vt();$t();yt()});function At(n){return!!n.localize(We+ds)}async function Et(n){if(qe?.language!==n.language){let s=Promise.all([n.loadBackendTranslation(wt,$e),n.loadBackendTranslation("options",$e)]);qe={language:n.language,loading:s}}await qe.loading}function o(n,s,e={}){let t={};for(let[i,a]of Object.entries(e))t[i]=typeof a=="number"?g(n,a):a;let r=n.localize(We+s,t);return r?(xt=n.localize,r):xt?.(We+s,t)||s}function pe(n,s){return n.localize(`component.${$e}.options.step.init.menu_options.${s}`)||s}function I(n,s,e){let t={},r={};for(let[a,c]of Object.entries(e))typeof c=="object"?(r[a]=c,t[a]=`${a}`):t[a]=c;let i=o(n,s,t).split("");return l`${i.map((a,c)=>c%2?r[a]??a:a)}`}function hs(n){switch(n.locale?.number_format){case"comma_decimal":return["en-US","en"];case"decimal_comma":return["de","es","it"];case"space_comma":return["fr","sv","cs"];case"system":return;default:return n.locale?.language??n.language}}function g(n,s){if(s==null)return"–";let e=n.locale?.number_format==="none"?{useGrouping:!1}:{};return new Intl.NumberFormat(hs(n),e).format(s)}function St(n){let s=n.locale?.time_format,e={};return(s==="12"||s==="24")&&(e.hour12=s==="12"),n.locale?.time_zone==="server"&&n.config?.time_zone&&(e.timeZone=n.config.time_zone),e}function kt(n){return n.locale?.language??n.language}function ye(n,s){return new Date(s).toLocaleString(kt(n),{dateStyle:"medium",timeStyle:"medium",...St(n)})}function Tt(n,s){return new Date(s).toLocaleTimeString(kt(n),{timeStyle:"medium",...St(n)})}var wt,$e,We,ds,xt,qe,O=f(()=>{"use strict";R();wt="config_panel",$e="llm_hub",We=`component.${$e}.${wt}.`,ds="tabs.hubs"});function Fe(n){history.pushState(null,"",n),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function U(n){n.stopPropagation(),!(n.ctrlKey||n.metaKey||n.shiftKey||n.button!==0)&&(n.preventDefault(),Fe(n.currentTarget.getAttribute("href")))}function xe(n,s,e=null){if(s==="llm_hub")return o(n,"platform.bench");let t=e?n.states?.[e]:void 0;return e?t?.attributes.friendly_name??e:n.localize(`component.${s}.title`)||s}function Rt(n,s){for(let e of s)Ct.has(`${n.language}:${e}`)||(Ct.add(`${n.language}:${e}`),n.loadBackendTranslation("title",e).catch(()=>{}))}function Pt(n,s,e,t){return e===n.user?.id||!t?W(n,s,e):t}function W(n,s,e){return e?e===n.user?.id?o(n,"common.you",{name:n.user.name}):s.find(t=>t.id===e)?.name??e:"–"}function we(n,s){return s?s.mode==="search"?o(n,"mode.search"):s.mode==="search_over_limit"?o(n,s.active?"mode.over_limit_searching":"mode.over_limit_all"):o(n,"mode.all"):"–"}function B(n){let s=n.split(/(?<=[_.])(?![_.])/);return l`${s.map((e,t)=>l`${t?l`<wbr />`:d}${e}`)}`}function Mt(n,s){if(!s)return[];let e=(r,i)=>l`<span class="badge ${r}">${o(n,`annotation.${i}`)}</span>`,t=[];return s.read_only?t.push(e("info","read_only")):(s.destructive&&t.push(e("error","destructive")),s.idempotent&&t.push(e("","idempotent"))),s.open_world&&t.push(e("warning","open_world")),t}function He(n,s){let e=o(n,`outcome.${s}`);return e===`outcome.${s}`?s.replace("_"," "):e}function Ae(n,s){return l`<span class="badge ${s==="ok"?"success":s==="needs_confirmation"?"warning":"error"}">${He(n,s)}</span>`}var Ct,A,D=f(()=>{"use strict";R();O();Ct=new Set;A=x`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  td code.api-id {
    /* An API id is one long word: it may break anywhere rather than widen the table. */
    overflow-wrap: anywhere;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
  }
  td.number,
  th.number {
    text-align: right;
  }
  td.number {
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  td.warnings .badge {
    /* Long words (German) wrap inside the chip rather than widen the table past the screen. */
    white-space: normal;
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`});var P,se=f(()=>{"use strict";P=class{constructor(s){this._host=s;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(s=>requestAnimationFrame(()=>setTimeout(s))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}}});function E(n){if(n&&typeof n=="object"&&"message"in n){let{code:s,message:e}=n;return s?`${s}: ${e}`:String(e)}return String(n)}var Z=f(()=>{"use strict"});var ps,C,Ot=f(()=>{"use strict";R();N();D();O();se();Z();ps=["ok","error","refused","needs_confirmation"],C=class extends ${constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new P(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let t=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),t&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=E(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return W(this.hass,this.users,e)}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._calls)return l`<div class="secondary">${o(e,"common.loading")}</div>`;let t=this._calls;Rt(e,new Set(t.map(u=>u.platform)));let r=[...new Map(t.map(u=>[u.api_id,u.api_name])).entries()],i=[...new Set(t.map(u=>u.user_id??""))],a=this._tool.trim().toLowerCase(),c=t.filter(u=>(!this._hub||u.api_id===this._hub)&&(!this._user||(u.user_id??"")===this._user)&&(!this._outcome||u.outcome===this._outcome)&&(!a||u.tool_name.toLowerCase().includes(a)||u.original_tool_name.toLowerCase().includes(a))),p=u=>b=>{this[u]=b.target.value};return l`<div class="card">
      <h2>${o(e,"tabs.activity")}</h2>
      <div class="toolbar">
        <select name="hub" @change=${p("_hub")}>
          <option value="">${o(e,"activity.all_hubs")}</option>
          ${r.map(([u,b])=>l`<option value=${u}>${b}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder=${o(e,"activity.tool")}
          .value=${this._tool}
          @input=${u=>this._tool=u.target.value}
        />
        <select name="user" @change=${p("_user")}>
          <option value="">${o(e,"activity.all_users")}</option>
          ${i.map(u=>l`<option value=${u}>${this._userName(u||null)}</option>`)}
        </select>
        <select name="outcome" @change=${p("_outcome")}>
          <option value="">${o(e,"activity.all_outcomes")}</option>
          ${ps.map(u=>l`<option value=${u}>${He(e,u)}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● ${o(e,"common.live")}</span>
      </div>
      ${c.length===0?l`<p class="secondary">
            ${o(e,t.length?"activity.no_match":"activity.none")}
          </p>`:l`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>${o(e,"activity.col_time")}</th>
                <th>${o(e,"activity.col_hub")}</th>
                <th>${o(e,"activity.tool")}</th>
                <th>${o(e,"activity.col_user")}</th>
                <th>${o(e,"activity.col_from")}</th>
                <th>${o(e,"activity.col_outcome")}</th>
                <th class="number">${o(e,"activity.col_duration")}</th>
              </tr>
            </thead>
            <tbody>
              ${c.map(u=>this._row(u))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){let t=this.hass;return l`<tr data-call=${e.tool_call_id}>
      <td class="time">${ye(t,e.time)}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${B(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?l`<div class="secondary"><code>${B(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?l`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?l`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${xe(t,e.platform,e.agent_id)}</td>
      <td>${Ae(t,e.outcome)}</td>
      <td class="number">${o(t,"common.ms",{ms:g(t,e.duration_ms)})}</td>
    </tr>`}};C.styles=[A,x`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],h([_({attribute:!1})],C.prototype,"hass",2),h([_({attribute:!1})],C.prototype,"users",2),h([m()],C.prototype,"_calls",2),h([m()],C.prototype,"_error",2),h([m()],C.prototype,"_hub",2),h([m()],C.prototype,"_tool",2),h([m()],C.prototype,"_user",2),h([m()],C.prototype,"_outcome",2),C=h([w("llm-hub-activity")],C)});function Ut(n,s){let e=Math.max(0,Math.round((Date.parse(n)-s)/1e3)),[t,r,i]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],a=c=>String(c).padStart(2,"0");return t?`${t}:${a(r)}:${a(i)}`:`${r}:${a(i)}`}var us,S,Nt=f(()=>{"use strict";R();N();D();O();se();Z();us={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};S=class extends ${constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._remembered=[];this._remember=new Map;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new P(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let t=this._approvals===void 0;this._approvals=e.approvals,this._remembered=e.remembered,t&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=E(e)}),this._tick=window.setInterval(()=>{(this._approvals?.some(t=>t.status==="pending"||t.status==="approved")||this._remembered.length)&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,t){let r=t?this._remember.get(e.approval_id):void 0;await this._send(e.approval_id,{type:t?"llm_hub/approvals/approve":"llm_hub/approvals/deny",...r?{remember:r}:{}})}_choose(e,t){let r=new Map(this._remember);t?r.set(e,Number(t)):r.delete(e),this._remember=r}async _send(e,t){this._busy=new Set(this._busy).add(e);let r=new Map(this._failed);r.delete(e);try{await this.hass.callWS({...t,approval_id:e})}catch(a){r.set(e,E(a))}this._failed=r;let i=new Set(this._busy);i.delete(e),this._busy=i}_who(e,t){return e?Pt(this.hass,this.users,e,t):o(this.hass,"approvals.no_user")}_clock(e){return Tt(this.hass,e)}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._approvals)return l`<div class="secondary">${o(e,"common.loading")}</div>`;let t=this._approvals.filter(i=>i.status==="pending"),r=this._approvals.filter(i=>i.status!=="pending").sort((i,a)=>(a.decided??a.expires).localeCompare(i.decided??i.expires));return l`<div class="card">
        <div class="toolbar">
          <h2 class="grow">${o(e,"tabs.approvals")}</h2>
          <span class="secondary live">● ${o(e,"common.live")}</span>
        </div>
        ${t.length?t.map(i=>this._approval(i)):l`<p class="secondary empty">
              ${o(e,"approvals.none",{safety:pe(e,"safety")})}
            </p>`}
      </div>
      ${this._remembered.length?l`<div class="card remembered-card">
            <h2>${o(e,"approvals.remembered")}</h2>
            <p class="secondary about">${o(e,"approvals.remembered_about")}</p>
            ${[...this._remembered].sort((i,a)=>i.until.localeCompare(a.until)).map(i=>this._rememberedRow(i))}
          </div>`:d}
      ${r.length?l`<div class="card decided-card">
            <h2>${o(e,"approvals.decided")}</h2>
            ${r.map(i=>this._approval(i))}
          </div>`:d}`}_approval(e){let t=this.hass,r=e.approval_id,i=e.status==="pending",a=Object.keys(e.arguments).length?l`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:l`<div class="secondary">${o(t,"approvals.no_arguments")}</div>`,c=this._failed.get(r);return l`<div class=${i?"approval":"approval done"} data-approval=${r}
      data-status=${e.status}>
      <div class="head">
        ${this._toolThrough(e)}
        <span class="badge ${us[e.status]} status"
          >${o(t,`approvals.status_${e.status}`)}</span
        >
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        ${I(t,"approvals.asked",{who:l`<span class="asked-by">${this._who(e.user_id,e.user_name)}</span>`,platform:l`<span class="through"
            >${e.platform==="llm_hub"||!e.through?xe(t,e.platform,e.agent_id):e.through}</span
          >`,time:this._clock(e.created)})}
        ${this._decision(e)}
        ${e.remember_until?l`<span class="remembered-until"
              >${o(t,"approvals.remembered_until",{time:this._clock(e.remember_until)})}</span
            >`:d}
      </div>
      ${this._targets(e.targets,e.targets_more,e.targets_unmatched)}
      ${a}
      ${c?l`<div class="alert error">${c}</div>`:d}
      ${i?l`<div class="actions">
            ${e.remember_choices?.length?this._rememberChoice(e):d}
            <button
              class="primary approve"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!0)}
            >
              ${o(t,"approvals.approve")}
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!1)}
            >
              ${o(t,"approvals.deny")}
            </button>
          </div>`:d}
    </div>`}_toolThrough(e){return I(this.hass,"approvals.tool_through",{tool:l`<code class="tool">${B(e.tool_name)}</code>`,hub:this.hubLinks?l`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${U}
            >${e.hub_name}</a
          >`:l`<span class="hub">${e.hub_name}</span>`})}_targets(e,t,r=null){let i=this.hass;return!e?.length&&!r?d:l`<div class="targets">
      ${o(i,"approvals.acts_on")}
      ${e.map((a,c)=>l`${c?", ":""}<b>${a}</b>`)}
      ${t?o(i,"approvals.acts_on_more",{count:g(i,t)}):d}
      ${r?o(i,"approvals.acts_on_nothing",{given:r}):d}
    </div>`}_rememberChoice(e){let t=this.hass,r=e.approval_id,i=this._remember.get(r);return l`<label class="remember"
      >${o(t,"approvals.remember")}
      <select
        name="remember"
        ?disabled=${this._busy.has(r)}
        @change=${a=>this._choose(r,a.target.value)}
      >
        <option value="" ?selected=${i===void 0}>
          ${o(t,"approvals.remember_none")}
        </option>
        ${e.remember_choices.map(a=>l`<option value=${String(a)} ?selected=${i===a}>
              ${o(t,"approvals.remember_minutes",{minutes:a})}
            </option>`)}
      </select></label
    >`}_rememberedRow(e){let t=this.hass,r=e.approval_id,i=this._failed.get(r);return l`<div class="approval remembered" data-remembered=${r}>
      <div class="head">
        ${this._toolThrough(e)}
        <span class="grow"></span>
        <span
          class="countdown"
          title=${o(t,"approvals.until",{time:this._clock(e.until)})}
          >${o(t,"approvals.remembered_left",{time:Ut(e.until,this._now)})}</span
        >
      </div>
      <div class="secondary meta">
        ${I(t,"approvals.remembered_for",{who:l`<span class="asked-by">${this._who(e.user_id,e.user_name)}</span>`,by:l`<span class="decided-by"
            >${e.decided_by?this._who(e.decided_by,e.decided_by_name):""}</span
          >`,time:e.decided?this._clock(e.decided):""})}
        <span class="until"
          >${o(t,"approvals.remembered_until",{time:this._clock(e.until)})}</span
        >
        ${o(t,"approvals.remembered_uses",{count:e.uses})}
      </div>
      ${this._targets(e.targets,e.targets_more)}
      ${i?l`<div class="alert error">${i}</div>`:d}
      <div class="actions">
        <button
          class="revoke"
          ?disabled=${this._busy.has(r)}
          @click=${()=>this._send(r,{type:"llm_hub/approvals/revoke"})}
        >
          ${o(t,"approvals.revoke")}
        </button>
      </div>
    </div>`}_countdown(e){let t=this.hass,r=o(t,"approvals.until",{time:this._clock(e.expires)}),i=Ut(e.expires,this._now);return e.status==="pending"?l`<span class="countdown" title=${r}
        >${o(t,"approvals.expires_in",{time:i})}</span
      >`:e.status==="approved"?l`<span class="countdown" title=${r}
        >${o(t,"approvals.call_within",{time:i})}</span
      >`:d}_decision(e){let t=this.hass,r={by:l`<span class="decided-by"
        >${e.decided_by?this._who(e.decided_by,e.decided_by_name):""}</span
      >`,time:e.decided?this._clock(e.decided):"",expired:this._clock(e.expires)};switch(e.status){case"approved":return I(t,"approvals.decided_approved",r);case"used":return I(t,"approvals.decided_used",r);case"denied":return I(t,"approvals.decided_denied",r);case"expired":return e.decided_by?I(t,"approvals.decided_expired",r):o(t,"approvals.nobody_decided",{expired:r.expired});default:return d}}};S.styles=[A,x`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      .actions .remember {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .about {
        margin-top: 0;
        max-width: 720px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],h([_({attribute:!1})],S.prototype,"hass",2),h([_({attribute:!1})],S.prototype,"users",2),h([_()],S.prototype,"prefix",2),h([_({type:Boolean})],S.prototype,"hubLinks",2),h([m()],S.prototype,"_approvals",2),h([m()],S.prototype,"_remembered",2),h([m()],S.prototype,"_remember",2),h([m()],S.prototype,"_error",2),h([m()],S.prototype,"_busy",2),h([m()],S.prototype,"_failed",2),h([m()],S.prototype,"_now",2),S=h([w("llm-hub-approvals")],S)});function It(n){if(typeof n!="object"||n===null)return!1;let s=n.error;return s==="MatchFailedError"||s==="OutOfScope"}var j,Be=f(()=>{"use strict";R();N();D();O();Z();j=class extends ${constructor(){super(...arguments);this.entryId="";this._filter=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._scope=void 0,this._load())}async _load(){try{this._scope=await this.hass.callWS({type:"llm_hub/hub/scope",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=E(e)}}render(){let e=this._scope;return l`<div class="card scope">
      <h2>${o(this.hass,"scope.title")}</h2>
      ${this._error?l`<div class="alert error">${this._error}</div>`:e?this._body(e):l`<div class="secondary">${o(this.hass,"common.loading")}</div>`}
    </div>`}_body(e){let t=this.hass,r=e.allowed_users.length||e.admins_only;return l`
      <p class="reaches">
        <strong
          >${o(t,"scope.reaches",{reached:e.reached.length,exposed:e.exposed})}</strong
        >
      </p>
      ${e.empty&&!r?l`<p class="secondary">${o(t,"scope.none")}</p>`:l`${e.empty?d:l`<p class="secondary">${o(t,"scope.narrows")}</p>`}
            <table class="names">
              ${this._row("areas",o(t,"scope.areas"),e.areas)}
              ${this._row("floors",o(t,"scope.floors"),e.floors)}
              ${this._row("labels",o(t,"scope.labels"),e.labels)}
              ${this._row("domains",o(t,"scope.domains"),e.domains.map(i=>({id:i,name:i})))}
              ${this._row("entities",o(t,"scope.entities"),e.entities)}
              ${this._row("excluded",o(t,"scope.excluded"),e.excluded)}
              <tr>
                <th>${o(t,"scope.users")}</th>
                <td data-part="users">
                  ${[...e.allowed_users.length?e.allowed_users.map(i=>this._name(i)):[o(t,"scope.everyone")],...e.admins_only?[o(t,"scope.admins_only")]:[]].map((i,a)=>l`${a?", ":""}${i}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${o(t,"scope.show_list",{count:e.reached.length})}</summary>
        ${this._reached(e)}
      </details>
    `}_row(e,t,r){return r.length?l`<tr>
      <th>${t}</th>
      <td data-part=${e}>
        ${r.map((i,a)=>l`${a?", ":""}${this._name(i)}`)}
      </td>
    </tr>`:d}_name(e){return e.name===null?l`<code>${e.id}</code> <span class="badge warning">${o(this.hass,"scope.gone")}</span>`:l`<span title=${e.id}>${e.name}</span>`}_reached(e){if(!e.reached.length)return l`<p class="secondary">${o(this.hass,"scope.none_reached")}</p>`;let t=this._filter.trim().toLowerCase(),r=e.reached.filter(i=>!t||[i.id,i.name,i.area].some(a=>a?.toLowerCase().includes(t)));return l`<input
        type="search"
        placeholder=${o(this.hass,"scope.filter")}
        .value=${this._filter}
        @input=${i=>this._filter=i.target.value}
      />
      <ul class="entities">
        ${r.map(i=>l`<li data-entity=${i.id}>
              ${i.name??i.id} <code>${i.id}</code>
              <span class="secondary">${i.area??o(this.hass,"scope.no_area")}</span>
              ${i.acts_outside?l`<span class="badge warning" title=${o(this.hass,"scope.acts_outside_why")}
                      >${o(this.hass,"scope.acts_outside")}</span
                    >
                    <div class="secondary outside">
                      ${i.outside.length?o(this.hass,"scope.acts_on",{entities:i.outside.map(a=>a.name??a.id).join(", ")}):i.outside_why}
                    </div>`:d}
            </li>`)}
      </ul>`}};j.styles=[A,x`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `],h([_({attribute:!1})],j.prototype,"hass",2),h([_()],j.prototype,"entryId",2),h([m()],j.prototype,"_scope",2),h([m()],j.prototype,"_error",2),h([m()],j.prototype,"_filter",2),j=h([w("llm-hub-scope")],j)});async function ms(){let n=window;if(typeof n.loadCardHelpers=="function"&&(await(await(await n.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function Dt(){return customElements.get("ha-form")?Promise.resolve(!0):(Le??=Promise.race([ms().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(n=>setTimeout(()=>n(!1),5e3))]).then(n=>(n||(Le=void 0),n)),Le)}var Le,jt=f(()=>{"use strict"});function Ee(n){return(Array.isArray(n.type)?n.type:[n.type]).find(e=>e&&e!=="null")}var T,zt=f(()=>{"use strict";R();N();D();jt();O();T=class extends ${constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",Dt().then(t=>{this._haForm=t,this.dataset.form=t?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=this.hass,t=Object.entries(this.schema?.properties??{}),r=new Set(this.schema?.required??[]);return l`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} />
        ${o(e,"form.as_json")}</label
      >
      ${this._asJson?l`<textarea
            name="__json__"
            .value=${this._json}
            @input=${i=>{this._json=i.target.value,this._emit()}}
          ></textarea>`:t.length===0?l`<p class="secondary">${o(e,"form.no_arguments")}</p>`:this._haForm===void 0?l`<p class="secondary">${o(e,"form.loading")}</p>`:this._haForm?this._renderHaForm(t,r):t.map(([i,a])=>this._field(i,a,r.has(i)))}
    `}_renderHaForm(e,t){let r=e.map(([a])=>({name:a,required:t.has(a),selector:this.selectors[a]??{object:{}}})),i=Object.fromEntries(e.map(([a,c])=>[a,c.description]));return l`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${a=>a.name}
      .computeHelper=${a=>i[a.name]}
      @value-changed=${a=>{a.stopPropagation(),this._data=a.detail.value,this._emit()}}
    ></ha-form>`}_field(e,t,r){let i=Ee(t),a=this._raw[e]??"",c=b=>{this._raw={...this._raw,[e]:b},this._emit()},p=b=>c(b.target.value),u;return t.enum?u=l`<select name=${e} @change=${p}>
        <option value="" ?selected=${a===""}>—</option>
        ${t.enum.map(b=>l`<option value=${JSON.stringify(b)} ?selected=${a===JSON.stringify(b)}>
              ${String(b)}
            </option>`)}
      </select>`:i==="boolean"?u=l`<select name=${e} @change=${p}>
        <option value="" ?selected=${a===""}>—</option>
        <option value="true" ?selected=${a==="true"}>true</option>
        <option value="false" ?selected=${a==="false"}>false</option>
      </select>`:i==="integer"||i==="number"?u=l`<input
        name=${e}
        type="number"
        step=${i==="integer"?"1":"any"}
        min=${t.minimum??""}
        max=${t.maximum??""}
        .value=${a}
        @input=${p}
      />`:i==="string"?u=l`<input name=${e} type="text" .value=${a} @input=${p} />`:i==="array"&&Ee(t.items??{})==="string"&&!t.items?.enum?u=l`<textarea
        name=${e}
        placeholder=${o(this.hass,"form.one_per_line")}
        .value=${a}
        @input=${p}
      ></textarea>`:u=l`<textarea
        name=${e}
        placeholder="JSON"
        .value=${a}
        @input=${p}
      ></textarea>`,l`<div class="field">
      <label
        ><code>${e}</code>${r?l`<span class="required">*</span>`:d}
        ${i?l`<span class="secondary">${i}</span>`:d}</label
      >
      ${u}
      ${t.description?l`<div class="secondary">${t.description}</div>`:d}
      ${this._errors[e]?l`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},t={};for(let[r,i]of Object.entries(this.schema?.properties??{})){let a=this._raw[r];if(a===void 0||a==="")continue;let c=Ee(i);try{i.enum||c==="boolean"?e[r]=JSON.parse(a):c==="integer"||c==="number"?e[r]=Number(a):c==="string"?e[r]=a:c==="array"&&Ee(i.items??{})==="string"&&!i.items?.enum?e[r]=a.split(`
`).filter(p=>p.trim()):e[r]=JSON.parse(a)}catch{t[r]=o(this.hass,"form.not_json")}}return this._errors=t,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let t=JSON.parse(this._json||"{}");t&&typeof t=="object"&&!Array.isArray(t)&&(this._data=t)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let t=JSON.parse(this._json||"{}");e=t&&typeof t=="object"&&!Array.isArray(t)?{value:t}:{error:o(this.hass,"form.not_object")}}catch(t){e={error:o(this.hass,"form.not_json_because",{error:t.message})}}else{let t=this._args();e=Object.keys(this._errors).length?{error:o(this.hass,"form.invalid_fields")}:{value:t}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};T.styles=[A,x`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],h([_({attribute:!1})],T.prototype,"hass",2),h([_({attribute:!1})],T.prototype,"schema",2),h([_({attribute:!1})],T.prototype,"selectors",2),h([m()],T.prototype,"_haForm",2),h([m()],T.prototype,"_data",2),h([m()],T.prototype,"_raw",2),h([m()],T.prototype,"_errors",2),h([m()],T.prototype,"_asJson",2),h([m()],T.prototype,"_json",2),T=h([w("llm-hub-schema-form")],T)});var y,Jt=f(()=>{"use strict";R();N();D();Be();O();se();zt();Z();y=class extends ${constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._autoUser=!1;this._args={};this._running=!1;this._timer=new P(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){let e=this.apiId?this._describe(this.apiId):void 0;e?.catch(()=>{});try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let t=this._apis.apis.filter(i=>i.tools!==null),r=t.find(i=>i.id===this.apiId)??t[0];r&&await this._loadApi(r.id,this.toolName,r.id===this.apiId?e:void 0)}catch(t){this._error=E(t)}await this._timer.done()}_describe(e){return this.hass.callWS({type:"llm_hub/api/describe",api_id:e,user_id:this._user||void 0})}async _loadApi(e,t="",r,i=!1){this._api=e;let a=this._apis?.apis.find(u=>u.id===e)?.as_user,c=this.hass.user?.id;this._autoUser&&this._user!==a&&(this._user=c??"",this._autoUser=!1,r=void 0),a&&a!==c&&!i&&(!this._user||this._user===c)&&(this._user=a,this._autoUser=!0,r=void 0),this._description=void 0,this._result=void 0,this._description=await(r??this._describe(e));let p=this._description.tools.filter(u=>!u.hidden);this._selectTool((p.find(u=>u.name===t)??p[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){let e=this.hass;if(!this._apis)return this._error?l`<div class="alert error">${this._error}</div>`:l`<div class="secondary">${o(e,"common.loading")}</div>`;let t=this._description?.tools.filter(c=>!c.hidden)??[],r=t.find(c=>c.name===this._tool),i=this.hass.user,a=this.users.length?this.users:i?[{id:i.id,name:i.name}]:[];return l`
      <div class="card">
        <h2>${o(e,"tabs.bench")}</h2>
        <p class="secondary">${o(e,"bench.intro")}</p>
        <div class="pickers">
          <label
            >${o(e,"bench.api")}
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(c=>c.tools!==null).map(c=>l`<option value=${c.id} ?selected=${c.id===this._api}>
                      ${c.hub?c.name:o(e,"bench.not_a_hub",{api:c.name})}
                    </option>`)}
            </select></label
          >
          <label
            >${o(e,"activity.tool")}
            <select
              name="tool"
              @change=${c=>this._selectTool(c.target.value)}
            >
              ${t.map(c=>l`<option value=${c.name} ?selected=${c.name===this._tool}>
                    ${c.name}
                  </option>`)}
            </select></label
          >
          <label
            >${o(e,"bench.run_as")}
            <select
              name="user"
              @change=${this._userChanged}
            >
              ${a.map(c=>l`<option value=${c.id} ?selected=${c.id===this._user}>
                    ${c.id===i?.id?o(e,"common.you",{name:c.name}):c.name}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${r?l`<div class="card">
            <h2>${r.title||r.name}</h2>
            <p>${r.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${r.parameters}
              .selectors=${r.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?l`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${o(e,this._running?"bench.running":"bench.run")}
            </button>
          </div>`:this._description?l`<div class="card secondary no-tools">
              ${this._description.served===!1?o(e,"bench.not_served",{user:W(e,this.users,this._description.user_id)}):o(e,"bench.no_tools")}
            </div>`:d}
      ${this._error?l`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let t=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,i=It(e.result.data),a=this.hass;return l`<div class="card result">
      <h2>${o(a,"bench.result")}</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${i?l`<span class="badge error refusal">${o(a,"outcome.refused")}</span>`:Ae(a,e.outcome)}
          </div>
          <div class="label">${o(a,"bench.outcome")}</div>
        </div>
        <div class="figure">
          <div class="value duration">${o(a,"common.ms",{ms:g(a,e.duration_ms)})}</div>
          <div class="label">${o(a,"bench.time")}</div>
        </div>
        <div class="figure">
          <div class="value">${g(a,Math.ceil(t.length/r))}</div>
          <div class="label">${o(a,"hub.figure_tokens")}</div>
        </div>
      </div>
      ${i?l`<div class="alert refusal-text">
            ${o(a,"bench.refusal")}
            <div class="secondary answer">
              <q>${e.result.data.error_text??""}</q>
            </div>
          </div>`:d}
      <div class="secondary">${o(a,"bench.data")}</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">${o(a,"bench.model_reads",{chars:g(a,t.length)})}</div>
      <pre class="read">${t}</pre>
    </div>`}async _userChanged(e){this._autoUser=!1,this._user=e.target.value;try{await this._loadApi(this._api,this._tool,void 0,!0)}catch(t){this._error=E(t)}}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(t){this._error=E(t)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=E(e)}finally{this._running=!1}}};y.styles=[A,x`
      .refusal-text .answer {
        margin-top: 4px;
      }
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],h([_({attribute:!1})],y.prototype,"hass",2),h([_({attribute:!1})],y.prototype,"users",2),h([_()],y.prototype,"apiId",2),h([_()],y.prototype,"toolName",2),h([m()],y.prototype,"_apis",2),h([m()],y.prototype,"_description",2),h([m()],y.prototype,"_api",2),h([m()],y.prototype,"_tool",2),h([m()],y.prototype,"_user",2),h([m()],y.prototype,"_args",2),h([m()],y.prototype,"_argsError",2),h([m()],y.prototype,"_running",2),h([m()],y.prototype,"_result",2),h([m()],y.prototype,"_error",2),h([gt("llm-hub-schema-form")],y.prototype,"_form",2),y=h([w("llm-hub-bench")],y)});var _s,Se,gs,k,qt=f(()=>{"use strict";R();N();Be();D();O();se();Z();_s="llm_hub-",Se=100,gs=["apis","tools","scope","safety","overrides","limits","search"],k=class extends ${constructor(){super(...arguments);this.users=[];this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._rows=Se;this._providers={};this._timer=new P(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._rows=Se,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=E(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;let t=this._description;if(!t)return l`<div class="secondary">${o(e,"common.loading")}</div>`;let{api:r,size:i,search:a}=t,c=t.tools.filter(u=>u.hidden).length,p=r.hub?r.id.slice(_s.length):void 0;return l`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${r.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(r.id)}`} @click=${U}
            ><button>${o(e,"tabs.bench")}</button></a
          >
        </div>
        ${t.user_id!==e.user?.id?l`<div class="alert shown-as">
              ${o(e,"hub.shown_as",{user:W(e,this.users,t.user_id)})}
            </div>`:d}
        <div class="figures">
          ${this._figure(g(e,i.tools),o(e,"hub.figure_listed"))}
          ${a?this._figure(g(e,a.reachable),o(e,"hub.figure_reachable")):d}
          ${r.hub?this._figure(g(e,c),o(e,"hub.figure_hidden")):d}
          ${this._figure(g(e,i.prompt_chars+i.tools_chars),o(e,"hub.figure_chars"))}
          ${this._figure(g(e,i.tokens),o(e,"hub.figure_tokens"))}
          ${i.max_tools!==void 0?this._figure(g(e,i.max_tools),o(e,"hub.figure_limit")):d}
        </div>
        ${a?l`<p class="mode">
              ${I(e,"hub.mode",{mode:l`<strong>${we(e,a)}</strong>`})}
              ${a.active?o(e,a.listed>a.meta_tools.length?"hub.mode_searching_pinned":"hub.mode_searching",{listed:g(e,a.listed),meta:a.meta_tools.join(", "),reachable:g(e,a.reachable)}):o(e,"hub.mode_all",{listed:g(e,a.listed)})}
            </p>`:d}
        ${i.over_limit?l`<div class="alert">
              ${o(e,"hub.over_limit",{api:r.name,tools:g(e,i.tools),limit:g(e,i.max_tools)})}
            </div>`:d}
        ${i.over_client_limit?l`<div class="alert client-limit">
              ${o(e,"hub.over_client",{api:r.name,tools:g(e,i.tools),limit:g(e,i.client_limit)})}
              ${r.hub?o(e,"hub.over_client_hub"):""}
            </div>`:d}
        <div class="secondary">
          <code>${r.id}</code> ·
          ${o(e,"hub.tokens",{estimator:o(e,"common.estimator",{chars:g(e,Number(/\d+(\.\d+)?/.exec(i.estimator)?.[0]??4.2))})})}
        </div>
        ${p?l`<p>
              ${o(e,"hub.options")}
              ${gs.map((u,b)=>l`${b?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${p}`}
                    title=${o(e,"hub.options_path",{hub:r.name,step:pe(e,u)})}
                    @click=${U}
                    >${pe(e,u)}</a
                  >`)}
            </p>`:d}
      </div>
      ${p?l`<llm-hub-scope .hass=${this.hass} .entryId=${p}></llm-hub-scope>`:d}
      <div class="card">
        <h2>${o(e,"hub.prompt")}</h2>
        <p class="secondary">${o(e,"hub.prompt_help")}</p>
        <pre class="prompt">${t.prompt||o(e,"hub.no_prompt")}</pre>
      </div>
      <div class="card tools-card">
        <h2>${o(e,"hub.tools")}</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder=${o(e,"hub.filter")}
            .value=${this._filter}
            @input=${u=>this._filter=u.target.value}
          />
          ${r.hub?l`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${u=>this._showHidden=u.target.checked}
                />
                ${o(e,"hub.show_hidden")}</label
              >`:d}
        </div>
        ${this._toolsTable(t.tools,r.hub,!!a?.active)}
      </div>
    `}_figure(e,t){return l`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${t}</div>
    </div>`}_toolsTable(e,t,r){let i=this.hass,a=this._filter.trim().toLowerCase(),c=e.filter(p=>(this._showHidden||!p.hidden)&&(!a||[p.name,p.original_name,p.source.integration,p.source.api,p.source.api_name].some(u=>u?.toLowerCase().includes(a))));return l`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>${o(i,"hub.col_name")}</th>
          ${r?l`<th>${o(i,"hub.col_model_gets")}</th>`:d}
          <th>${o(i,"hub.col_original")}</th>
          <th>${o(i,"hub.col_annotations")}</th>
          ${t?l`<th>${o(i,"hub.col_confirmation")}</th>
                <th>${o(i,"hub.col_hidden")}</th>
                <th>${o(i,"hub.col_schema")}</th>`:d}
          <th class="number">${o(i,"hub.col_tokens")}</th>
        </tr>
      </thead>
      <tbody>
        ${c.slice(0,this._rows).map(p=>this._toolRow(p,t,r))}
      </tbody>
    </table></div>
    ${c.length===0?l`<p class="secondary">${o(i,"hub.no_match")}</p>`:d}
    ${c.length>this._rows?l`<div class="toolbar more">
          <span class="secondary grow"
            >${o(i,a?"hub.showing_match":"hub.showing",{shown:g(i,this._rows),total:g(i,c.length)})}</span
          >
          <button class="show-more" @click=${()=>this._rows+=Se}>
            ${o(i,"hub.show_more",{count:g(i,Math.min(Se,c.length-this._rows))})}
          </button>
          <button class="show-all" @click=${()=>this._rows=c.length}>
            ${o(i,"hub.show_all")}
          </button>
        </div>`:d}`}_toolRow(e,t,r){let i=this.hass,a=e.key??e.name,c=this._open===a,p=(t?7:4)+(r?1:0);return l`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${c?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${B(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?l`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?l`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${B(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${Mt(i,e.annotations)}</td>
        ${t?l`<td>
                ${e.confirm?l`<span class="badge warning">${o(i,"hub.needs_confirmation")}</span>
                      ${e.confirm_reason?l`<div class="secondary">
                            ${this._reason(e.confirm_key,e.confirm_reason)}
                          </div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?l`<span class="badge">${o(i,"hub.hidden_badge")}</span>
                      ${this._reason(e.hidden_key,e.hidden)}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?l`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${o(i,"hub.changes",{count:e.schema_fixes.length})}</span
                    >`:d}
              </td>`:d}
        <td class="number">${g(i,e.size.tokens)}</td>
      </tr>
      ${c?l`<tr class="details">
            <td colspan=${p}>${this._details(e)}</td>
          </tr>`:d}`}_reason(e,t){return e?o(this.hass,`reason.${e}`):t}_listing(e){let t=this.hass;return e.hidden?d:e.meta?l`<span class="badge info">${o(t,"hub.listed_meta")}</span>`:e.listed?l`<span class="badge info">${o(t,"hub.listed")}</span>`:l`<span class="badge">${o(t,"hub.through_search")}</span>`}_source(e){let t=this.hass,r=e.source.api_name??e.source.api??"";if(e.meta)return o(t,"hub.source_meta",{api:r});let{integration:i}=e.source;return r&&i?o(t,"hub.source_integration_api",{integration:i,api:r}):r?o(t,"hub.source_api",{api:r}):i?o(t,"hub.source_contributed",{integration:i}):""}_details(e){let t=this.hass,r=this._providers[e.name];return l`
      <p>
        ${e.description||l`<span class="secondary">${o(t,"hub.no_description")}</span>`}
      </p>
      ${e.schema_fixes?.length?l`<div class="secondary">${o(t,"hub.schema_changes")}</div>
            <ul>
              ${e.schema_fixes.map(i=>l`<li>${i}</li>`)}
            </ul>`:d}
      ${e.parameters_error?l`<div class="alert error">
            ${o(t,"hub.parameters_error",{error:e.parameters_error})}
          </div>`:l`<div class="secondary">${o(t,"hub.parameters")}</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?l`<p class="secondary">${o(t,"hub.behind_search")}</p>`:d}
      ${e.hidden||!e.listed?d:l`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${U}
                ><button class="primary">${o(t,"hub.try_it")}</button></a
              >
            </div>
            <div class="secondary">${o(t,"hub.providers")}</div>
            ${r===void 0?l`<div class="secondary">${o(t,"common.loading")}</div>`:typeof r=="string"?l`<div class="alert error">${r}</div>`:l`<div class="providers">
                    ${Object.entries(r.providers).map(([i,a])=>l`<div class="provider" data-provider=${i}>
                        <strong>${a.name}</strong>
                        ${a.error?l`<div class="secondary">${a.error}</div>`:l`<pre>${JSON.stringify(a.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let t=e.key??e.name;if(this._open=this._open===t?void 0:t,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:E(r)}}}};k.styles=[A,x`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],h([_({attribute:!1})],k.prototype,"hass",2),h([_({attribute:!1})],k.prototype,"users",2),h([_()],k.prototype,"apiId",2),h([_()],k.prototype,"prefix",2),h([m()],k.prototype,"_description",2),h([m()],k.prototype,"_error",2),h([m()],k.prototype,"_filter",2),h([m()],k.prototype,"_showHidden",2),h([m()],k.prototype,"_open",2),h([m()],k.prototype,"_rows",2),h([m()],k.prototype,"_providers",2),k=h([w("llm-hub-view")],k)});var z,Wt=f(()=>{"use strict";R();N();D();O();se();Z();z=class extends ${constructor(){super(...arguments);this.users=[];this.prefix="";this._timer=new P(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=E(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._list)return l`<div class="secondary">${o(e,"common.loading")}</div>`;let t=this._list.apis.filter(i=>i.hub),r=this._list.apis.filter(i=>!i.hub);return l`
      <div class="card">
        <h2>${o(e,"hubs.title")}</h2>
        ${t.length?this._table(t,!0):l`<p class="secondary">${o(e,"hubs.none")}</p>`}
      </div>
      <div class="card">
        <h2>${o(e,"hubs.others")}</h2>
        ${this._table(r,!1)}
      </div>
      <p class="secondary">
        ${o(e,"hubs.sizes",{estimator:o(e,"common.estimator",{chars:g(e,this._list.chars_per_token)}),since:ye(e,this._list.since)})}
        <button @click=${this._reload}>${o(e,"common.refresh")}</button>
      </p>
    `}_table(e,t){let r=this.hass;return l`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>${o(r,"hubs.name")}</th>
          ${t?l`<th>${o(r,"hubs.tool_mode")}</th>`:d}
          <th class="number">${o(r,t?"hubs.tools_listed":"hubs.tools")}</th>
          ${t?l`<th class="number">${o(r,"hubs.reachable")}</th>
                <th class="number">${o(r,"hubs.hidden")}</th>`:d}
          <th class="number">${o(r,"hubs.characters")}</th>
          <th class="number">${o(r,"hubs.tokens")}</th>
          ${t?l`<th>${o(r,"hubs.warnings")}</th>
                <th class="number">${o(r,"hubs.calls")}</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(i=>l`<tr
            class="clickable"
            data-api=${i.id}
            @click=${()=>Fe(`${this.prefix}/hub/${encodeURIComponent(i.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(i.id)}`} @click=${U}
                >${i.name}</a
              >
              <div class="secondary"><code class="api-id">${i.id}</code></div>
              ${i.as_user!==r.user?.id?l`<div class="secondary as-user">
                    ${o(r,"hubs.as_user",{user:W(r,this.users,i.as_user)})}
                  </div>`:d}
            </td>
            ${t?l`<td class="mode">${we(r,i.search)}</td>`:d}
            <td class="number">${g(r,i.tools)}</td>
            ${t?l`<td class="number">${g(r,i.search?.reachable)}</td>
                  <td class="number">${g(r,i.hidden)}</td>`:d}
            <td class="number">
              ${i.prompt_chars===null?"–":g(r,(i.prompt_chars??0)+(i.tools_chars??0))}
            </td>
            <td class="number">${g(r,i.tokens)}</td>
            ${t?l`<td class="warnings">${this._warnings(i)}</td>
                  <td class="number">${g(r,i.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){let t=this.hass,r=g(t,this._list.client_limit),i=o(t,`entry_state.${e.state}`);return l`
      ${e.state!=="loaded"?l`<span class="badge error"
            >${i===`entry_state.${e.state}`?e.state.replaceAll("_"," "):i}</span
          >`:d}
      ${e.error?l`<span class="badge error" title=${e.error}>${o(t,"hubs.cannot_build")}</span>`:d}
      ${e.over_limit?l`<span class="badge warning" title=${o(t,"hubs.over_limit_title")}
            >${o(t,"hubs.over_limit",{limit:g(t,e.max_tools)})}</span
          >`:d}
      ${e.over_client_limit?l`<span class="badge warning" title=${o(t,"hubs.over_client_title",{limit:r})}
            >${o(t,"hubs.over_client",{limit:r})}</span
          >`:d}
      ${e.repairs.length?l`<a href="/config/repairs" @click=${U}
            ><span class="badge warning"
              >${o(t,"hubs.repairs",{count:e.repairs.length})}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};z.styles=A,h([_({attribute:!1})],z.prototype,"hass",2),h([_({attribute:!1})],z.prototype,"users",2),h([_()],z.prototype,"prefix",2),h([m()],z.prototype,"_list",2),h([m()],z.prototype,"_error",2),z=h([w("llm-hub-hubs")],z)});var Ft,Y,Ht=f(()=>{"use strict";R();N();D();O();Ft="be58353ba311",Y=class extends ${constructor(){super(...arguments);this._onReady=()=>{this._check()}}connectedCallback(){super.connectedCallback(),this._listen()}disconnectedCallback(){super.disconnectedCallback(),this._connection?.removeEventListener("ready",this._onReady),this._connection=void 0}willUpdate(){this.hass&&this.hass.connection!==this._connection&&this._listen()}_listen(){!this.hass||!this.isConnected||(this._connection?.removeEventListener("ready",this._onReady),this._connection=this.hass.connection,this._connection.addEventListener("ready",this._onReady),this._check())}async _check(){try{let e=await this.hass.callWS({type:"llm_hub/panel/build"});this._backend=e.build??void 0}catch{}}updated(){this.dataset.build=Ft,this.dataset.backend=this._backend??""}render(){return!this._backend||this._backend===Ft?d:l`<div class="alert" role="alert">
      <span>${o(this.hass,"update.message")}</span>
      <button class="primary" @click=${()=>location.reload()}>${o(this.hass,"update.reload")}</button>
    </div>`}};Y.styles=[A,x`
      .alert {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        margin: 16px 16px 0;
      }
    `],h([_({attribute:!1})],Y.prototype,"hass",2),h([m()],Y.prototype,"_backend",2),Y=h([w("llm-hub-update-banner")],Y)});var Bt={};Gt(Bt,{LlmHubPanel:()=>M});var fs,M,Lt=f(()=>{"use strict";R();N();D();O();Ot();Nt();Jt();qt();Wt();Ht();fs=["hubs","bench","activity","approvals"],M=class extends ${constructor(){super(...arguments);this.narrow=!1;this._users=[];this._words=!1;this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!At(this.hass)?this._loadWords():this.hass&&!this._words&&(this._words=!0),e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadWords(){try{await Et(this.hass)}finally{this._words=!0}}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(t=>t.is_active&&!t.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(t=>t).map(t=>decodeURIComponent(t))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass||!this._words)return d;let e=this.narrow?l`<button class="menu" title=${o(this.hass,"common.sidebar")} @click=${this._toggleMenu}>
          ☰
        </button>`:d;if(this._approvalsOnly)return l`
        <header>
          ${e}
          <div class="title">${o(this.hass,"approvals.panel_title")}</div>
        </header>
        <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[t="hubs",r]=this._parts,i=t==="hub"?"hubs":t;return l`
      <header>
        ${e}
        <div class="title">LLM Hub</div>
        <nav>
          ${fs.map(a=>l`<a
              class=${a===i?"tab active":"tab"}
              href=${`${this._prefix}/${a}`}
              data-tab=${a}
              @click=${U}
              >${o(this.hass,`tabs.${a}`)}</a
            >`)}
        </nav>
      </header>
      <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
      <main>${this._view(t,r)}</main>
    `}_view(e,t){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return l`<llm-hub-view
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${t??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return l`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return l`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return l`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return l`<llm-hub-hubs
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};M.styles=[A,x`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],h([_({attribute:!1})],M.prototype,"hass",2),h([_({type:Boolean,reflect:!0})],M.prototype,"narrow",2),h([_({attribute:!1})],M.prototype,"route",2),h([_({attribute:!1})],M.prototype,"panel",2),h([m()],M.prototype,"_users",2),h([m()],M.prototype,"_words",2),M=h([w("llm-hub-panel")],M)});customElements.get("llm-hub-panel")||Promise.resolve().then(()=>(Lt(),Bt));
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
